// The provider process of the provider tests: each test world makes its own ProviderProcess
// (pointed at its simulator, with fast waits) instead of switching a shared one, and every call
// a test makes to the core gets a context of it. Warnings are collected for assertions.

import type { HostingApi } from "../../provider/api/wire/types";
import type { OperationContext, OperationOverrides, ResourceFacts } from "../../provider/core/context";
import { withOverrides } from "../../provider/core/context";
import { ProviderProcess, type ProviderProcessOptions } from "../../provider/core/provider-process";

let current: ProviderProcess | undefined;
const warnings: string[] = [];

/** Makes the current test process (settings from `config`, e.g. { "hosting:apiKey": ... }). */
export function useProcess(config: Record<string, string | undefined>, opts: ProviderProcessOptions = {}): ProviderProcess {
  current = new ProviderProcess({ log: { warn: (m) => void warnings.push(m) }, ...opts });
  current.configure({ get: (key) => config[key] });
  return current;
}

/** The current test process (one with no settings until a world sets one). */
export function testProcess(): ProviderProcess {
  current ??= new ProviderProcess({ log: { warn: (m) => void warnings.push(m) } });
  return current;
}

/** Forgets the current process (its settings, clients, claims, Cancel). */
export function forgetProcess(): void {
  current = undefined;
}

/** A context of the current process; `overrides` as a fleet member's operation would lay them. */
export function testContext(resource: ResourceFacts = {}, overrides: OperationOverrides = {}): OperationContext {
  return withOverrides(testProcess().context({ resource }), overrides);
}

/** `ctx` whose API client has `overrides` in place of its own methods (an API that misbehaves, a call recorded); the rest is `ctx`'s. */
export function withApi(ctx: OperationContext, overrides: Partial<HostingApi>): OperationContext {
  const api: HostingApi = Object.assign(Object.create(ctx.api) as HostingApi, overrides);
  const derived = Object.create(ctx) as OperationContext;
  Object.defineProperty(derived, "api", { value: api });
  return derived;
}

/** The warnings of every test process so far (newest last). */
export function recentWarnings(): readonly string[] {
  return warnings;
}
