// Warnings the provider process wants a person to read. The dynamic-provider host has no
// engine connection, so `pulumi.log.warn` falls back to stderr, which the engine shows.
// The last few are kept so tests can assert on them.

import * as log from "@pulumi/pulumi/log";

const recent: string[] = [];

export function warn(message: string): void {
  recent.push(message);
  if (recent.length > 50) recent.shift();
  void log.warn(message);
}

/** The warnings issued so far in this process (newest last). */
export function recentWarnings(): readonly string[] {
  return recent;
}
