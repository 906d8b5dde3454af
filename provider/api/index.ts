// The hosting API client: re-exports only.
export * from "./types";
export { HostingClient } from "./client";
export { createClient, getClient, resetClients } from "./client-registry";
export { DEFAULTS, ClientOptionsError, isLoopback, type ClientOptions, type ResolvedOptions, type PagingMode, type RetryEvent } from "./options";
export { ApiError, HttpError, IncompleteCreateError, RateLimitError, NetworkError, TimeoutError, isApiError } from "./errors";
export { OsNotFoundError, OsCatalogue } from "./catalogue";
export { RateLimiter } from "./rate-limiter";
export { isRetryableError, RETRY_STATUSES } from "./retry";
export { shapeOfEnvelope } from "../../protocol/shapes";
export { signWebhookBody, verifyWebhookSignature, SIGNATURE_HEADER } from "../../protocol/signature";
