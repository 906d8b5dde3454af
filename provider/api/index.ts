// The hosting API client: re-exports only.
export * from "./wire/types";
export { HostingClient } from "./client";
export { createClient } from "./client-registry";
export { DEFAULTS, ClientOptionsError, isLoopback, type ClientOptions, type ResolvedOptions, type PagingMode, type RetryEvent } from "./options";
export { ApiError, HttpError, IncompleteCreateError, ReplayHeldElsewhereError, RateLimitError, NetworkError, TimeoutError, isApiError } from "./http/errors";
export { OsNotFoundError, OsCatalogue } from "./catalogue/os-catalogue";
export { RateLimiter } from "./pacing/rate-limiter";
export type { WaitReport } from "./pacing/wait-report";
export type { Pacer, PacerSnapshot, Ticket, HeaderGetter } from "./pacing/pacer";
export { isRetryableError, RETRY_STATUSES } from "./http/retry";
export { shapeOfEnvelope } from "../../protocol/shapes";
export { signWebhookBody, verifyWebhookSignature, SIGNATURE_HEADER } from "../../protocol/signature";
