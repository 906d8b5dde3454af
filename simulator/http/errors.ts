// One error type for every refusal, and one function that renders it as the API's error
// object `{ error: { code, message, field? } }` (docs/contract.md, Errors). The style of
// fake-gcs-server's json_response.go: handlers throw, the pipeline renders.

export class ApiError extends Error {
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
export const invalid = (field: string, message: string): ApiError =>
  new ApiError(400, "INVALID_REQUEST", message, field);

/** 422: well-formed but refused by the catalogue or a limit. */
export const unprocessable = (field: string, message: string): ApiError =>
  new ApiError(422, "VALIDATION_FAILED", message, field);

export const notFound = (message: string): ApiError => new ApiError(404, "NOT_FOUND", message);

export const FAULT_CODES: Record<number, string> = {
  500: "INTERNAL_ERROR",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
};
