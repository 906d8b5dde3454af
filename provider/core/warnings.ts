// Warnings the provider process wants a person to read. The dynamic-provider host has no
// engine connection, so `pulumi.log.warn` falls back to stderr, which the engine shows.
// The plugin face has one (the engine's address at start-up or Attach) and installs a sink
// that sends each warning through the engine's Log service, attached to the resource whose
// request was being served (`forResource`, kept across awaits by AsyncLocalStorage).
// The last few are kept so tests can assert on them.

import { AsyncLocalStorage } from "async_hooks";
import * as log from "@pulumi/pulumi/log";

/** Where a warning goes: `urn` is the resource being served, when there is one. */
export type WarningSink = (message: string, urn: string | undefined) => void;

const recent: string[] = [];
const resource = new AsyncLocalStorage<string>();
const fallback: WarningSink = (message) => void log.warn(message);
let sink: WarningSink = fallback;

export function warn(message: string): void {
  recent.push(message);
  if (recent.length > 50) recent.shift();
  sink(message, resource.getStore());
}

/** Runs `fn` with its warnings attached to `urn` (an empty urn attaches none). */
export function forResource<T>(urn: string, fn: () => T): T {
  return urn ? resource.run(urn, fn) : fn();
}

/** Sends every later warning to `next`; undefined restores the default (stderr). */
export function setWarningSink(next: WarningSink | undefined): void {
  sink = next ?? fallback;
}

/** The warnings issued so far in this process (newest last). */
export function recentWarnings(): readonly string[] {
  return recent;
}
