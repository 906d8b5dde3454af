// A resource that exists but did not become what was asked: a server that ended in `error`,
// vanished or passed the wait time-out after its create, update or adoption, or a fleet some of
// whose members failed. What it carries is what the engine's ErrorResourceInitFailed carries:
// the resource's `id`, the `properties` to record (outputs including `__provider`) and the
// `reasons`. The dynamic-provider host (@pulumi/pulumi cmd/dynamic-provider/index.js
// grpcResponseFromError) and the plugin (plugin/errors.ts) send it as that, so the engine keeps
// the resource in state and the next `up` updates or replaces it instead of leaving it behind.

export class ResourceInitFailedError extends Error {
  constructor(
    message: string,
    readonly id: string,
    readonly properties: Record<string, unknown>,
    readonly reasons: string[],
  ) {
    super(message);
    this.name = "ResourceInitFailedError";
  }
}

/**
 * The error for server `id`, not ready after what `done` says did happen ("was created",
 * "was updated", "was adopted"); `provider` is the serialized shell copied from the inputs.
 */
export function notReady(id: string, outputs: object, provider: unknown, reasons: string[], done = "was created"): ResourceInitFailedError {
  const properties: Record<string, unknown> = { ...outputs };
  if (provider !== undefined) properties.__provider = provider;
  return new ResourceInitFailedError(`server ${id} ${done} but is not ready: ${reasons.join("; ")}`, id, properties, reasons);
}
