// One resource's implementation as both faces call it (the dynamic host's entries in
// provider/dynamic/, the plugin's handlers): the engine's six resource calls, each with the
// operation context the face built for that request (context.ts).

import type * as pulumi from "@pulumi/pulumi";
import { failuresForEngine } from "./check-kinds";
import type { OperationContext } from "./context";
import type { PlannedDiff } from "./detailed-diff";

/** What the engine hands a provider before `check` has vetted it: any property, any value. */
export type RawProps = Record<string, unknown>;

/** Checked inputs or recorded outputs, plus the dynamic host's own `__provider` (the serialized shell). */
export type Recorded<T> = T & { __provider?: string };

/**
 * What `read` returns: the SDK's ReadResult types `inputs` as outputs, but the engine takes
 * the inputs that reproduce them (which a later diff compares with the program).
 */
export interface ReadOutcome<I, O> {
  id: string;
  props?: O;
  inputs?: Partial<I>;
}

/**
 * One resource's implementation. `I` is its checked inputs, `O` its outputs. `check` takes
 * raw values (the user's, possibly mistyped or unknown at preview); the rest take what
 * `check` returned (news) and what create/update/read recorded (olds, props).
 */
export interface ProviderImpl<I, O> {
  check(olds: RawProps, news: RawProps, ctx: OperationContext): Promise<pulumi.dynamic.CheckResult<I | RawProps>>;
  /** The one diff both faces send: `changes`/`replaces` derived from `detailedDiff`. */
  diff(id: string, olds: Recorded<O>, news: Recorded<I>, ctx: OperationContext): Promise<PlannedDiff>;
  create(inputs: Recorded<I>, ctx: OperationContext): Promise<pulumi.dynamic.CreateResult<O>>;
  read(id: string, props: Recorded<O>, ctx: OperationContext): Promise<ReadOutcome<I, O>>;
  update(id: string, olds: Recorded<O>, news: Recorded<I>, ctx: OperationContext): Promise<pulumi.dynamic.UpdateResult<O>>;
  delete(id: string, props: Recorded<O>, ctx: OperationContext): Promise<void>;
}

/** check, with failures in the form the engine may print (both faces call this). */
export async function checkForEngine<I, O>(impl: ProviderImpl<I, O>, olds: RawProps, news: RawProps, ctx: OperationContext): Promise<pulumi.dynamic.CheckResult<I | RawProps>> {
  const res = await impl.check(olds, news, ctx);
  return res.failures ? { ...res, failures: failuresForEngine(res.failures) } : res;
}
