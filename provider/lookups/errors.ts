// The errors a lookup throws. Lookups run in the Pulumi program's process, where the SDK's
// program host prints an uncaught error with util.inspect: its stack and every field of the
// object (an HttpError's method, path, status, code, hint...). A `RunError` it prints by its
// message alone (@pulumi/pulumi errors.ts, cmd/run/run.ts), so each of these is one: the user
// reads one sentence saying what was searched for and what exists nearby, or what failed.

import { RunError } from "@pulumi/pulumi/errors";

/** Thrown when a lookup finds nothing; the message says what was searched and what is near. */
export class LookupError extends RunError {
  constructor(lookup: string, searched: string, candidates: string[]) {
    super(`${lookup}: nothing matches ${searched}; nearest: ${candidates.length ? candidates.join(", ") : "(the catalogue is empty)"}`);
    this.name = "LookupError";
  }
}

/**
 * Thrown when a lookup could not search: a bad argument, a missing setting, a refused key, an
 * outage. The message names the lookup; `cause` keeps the original error for a program that
 * catches it.
 */
export class LookupFailedError extends RunError {
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "LookupFailedError";
  }
}

/** `key "value", key2 value2` for the searched part of a message. */
export function describeSearch(args: object): string {
  const parts = Object.entries(args)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  return parts.length ? parts.join(", ") : "(no filter)";
}
