// The API's error object (`Error` of docs/openapi.yaml) and the codes the simulator answers with.
// The spec names only RATE_LIMIT_EXCEEDED; the others are the simulator's choices where the
// spec is silent (docs/contract.md, Errors), shared here so the client's hints and the
// simulator's answers cannot drift apart.

export const ERROR_CODES = {
  invalidRequest: "INVALID_REQUEST",
  invalidJson: "INVALID_JSON",
  validationFailed: "VALIDATION_FAILED",
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  notFound: "NOT_FOUND",
  invalidState: "INVALID_STATE",
  idempotencyKeyReused: "IDEMPOTENCY_KEY_REUSED",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  rateLimitExceeded: "RATE_LIMIT_EXCEEDED",
  internalError: "INTERNAL_ERROR",
  badGateway: "BAD_GATEWAY",
  serviceUnavailable: "SERVICE_UNAVAILABLE",
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The code of each injected 5xx fault. */
export const FAULT_CODES: Record<number, ErrorCode> = {
  500: ERROR_CODES.internalError,
  502: ERROR_CODES.badGateway,
  503: ERROR_CODES.serviceUnavailable,
};

/** `{ error: { code, message, field?, retry_after? } }` */
export interface ErrorBody {
  error: {
    code: string;
    message: string;
    field?: string;
    /** Unix seconds; on 429 only. */
    retry_after?: number;
  };
}
