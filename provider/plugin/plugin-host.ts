// What one plugin process serves its requests with: its ProviderProcess (the stack config from
// Configure, the shared client and waiter, the engine's Cancel) and its connection to the
// engine's log. `serve` (main.ts) makes one; a test makes its own for each plugin it serves.
// Each request's operation context is built here from the gRPC request: the resource's URN and
// name, its project and stack, the engine's time-out, a logger that attaches warnings to it, and
// a progress reporter whose lines are the engine's status of that resource.

import type { OperationContext, ResourceFacts } from "../core/context";
import { ProviderProcess, type ProviderProcessOptions } from "../core/provider-process";
import { parseUrn } from "../core/urn";
import { EngineLog } from "./engine-log";

/** What the resource's URN says of it: its stack, project and name (core/urn.ts). */
export function factsOfUrn(urn: string): ResourceFacts {
  if (!urn) return {};
  const parts = parseUrn(urn);
  if (!parts) return { urn };
  return { urn, stack: parts.stack, project: parts.project, name: parts.name, ...(parts.parentType ? { parentType: parts.parentType } : {}) };
}

export class PluginHost {
  readonly engineLog: EngineLog;
  readonly process: ProviderProcess;

  constructor(opts: ProviderProcessOptions = {}, engineLog = new EngineLog()) {
    this.engineLog = engineLog;
    this.process = new ProviderProcess({ log: engineLog.logger(""), ...opts });
  }

  /** The context of a request about the resource `urn`; `timeoutSeconds` is the engine's (0: none). */
  context(urn: string, op: { kind?: "create" | "update" | "delete"; timeoutSeconds?: number } = {}): OperationContext {
    return this.process.context({ resource: factsOfUrn(urn), log: this.engineLog.logger(urn), status: this.engineLog.status(urn), ...op });
  }
}
