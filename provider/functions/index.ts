// The catalogue and account lookups: re-exports only.
export * from "./regions";
export * from "./plans";
export * from "./os-images";
export * from "./account";
export { LookupError, LookupFailedError } from "./lookup-errors";
