// Where hosting-orphans writes: its lines for people on stdout, or with --json on stderr while
// one JSON document of what it found and did goes to stdout at the end (a pipeline reads that).
import type { Server } from "../api/wire/types";
import { fleetMemberOf } from "./find-orphans";

/** One server as --json prints it; `fleet` names the fleet whose tag it carries, or is null. */
export const orphanJson = (s: Server) => ({ id: s.id, label: s.label, region: s.region, status: s.status, createdAt: s.createdAt, fleet: fleetMemberOf(s) ?? null });
export interface OrphansOutput {
  /** One line for people. */
  say(line: string): void;
  /** What --json prints; each mode fills in its own fields. */
  readonly result: Record<string, unknown>;
  /** Prints the JSON document when --json was given. */
  finish(): void;
}

export function orphansOutput(mode: "stacks" | "state", json: boolean): OrphansOutput {
  const result: Record<string, unknown> = { mode };
  return {
    say: (line) => void (json ? process.stderr : process.stdout).write(`${line}\n`),
    result,
    finish: () => {
      if (json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    },
  };
}
