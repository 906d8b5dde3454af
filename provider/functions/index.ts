// The catalogue and account lookups of the program (getX, getXOutput): re-exports only.
export * from "./regions";
export * from "./plans";
export * from "./os-images";
export * from "./account";
export { LookupError, LookupFailedError } from "../lookups/errors";
