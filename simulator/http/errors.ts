// One error type for every refusal, and one function that renders it as the API's error
// object `{ error: { code, message, field? } }` (docs/contract.md, Errors). The style of
// fake-gcs-server's json_response.go: handlers throw, the pipeline renders.

import { ERROR_CODES } from "../../protocol/errors";

/** A refusal the pipeline renders as the API's error object (distinct from the client's ApiError). */
export class ApiRefusal extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly field?: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): { error: Record<string, unknown> } {
    const error: Record<string, unknown> = { code: this.code, message: this.message };
    if (this.field !== undefined) error.field = this.field;
    return { error: { ...error, ...this.extra } };
  }
}

/** 400: a field has the wrong type, is missing, or is not allowed. */
export const invalid = (field: string, message: string): ApiRefusal =>
  new ApiRefusal(400, ERROR_CODES.invalidRequest, message, field);

/** 422: well-formed but refused by the catalogue or a limit. */
export const unprocessable = (field: string, message: string): ApiRefusal =>
  new ApiRefusal(422, ERROR_CODES.validationFailed, message, field);

export const notFound = (message: string): ApiRefusal => new ApiRefusal(404, ERROR_CODES.notFound, message);

export { FAULT_CODES } from "../../protocol/errors";
