// The catalogue and account lookups against a given client: re-exports only. The program's
// getX (../functions) and the plugin's Invoke (../plugin/functions.ts) call these.
export * from "./regions";
export * from "./plans";
export * from "./os-images";
export * from "./account";
export { LookupError, LookupFailedError } from "./errors";
