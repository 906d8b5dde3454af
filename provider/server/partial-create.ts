// A server that exists but did not become what was asked (it ended in `error`, vanished, or
// passed the wait time-out). Thrown from create or update with `id`, `properties` (outputs
// including `__provider`) and `reasons`, the dynamic-provider host reports it to the engine as
// ErrorResourceInitFailed (see @pulumi/pulumi cmd/dynamic-provider/index.js
// grpcResponseFromError): the server stays in state, so the next `up` updates or replaces it
// instead of leaving it behind.

export class PartialCreateError extends Error {
  constructor(
    message: string,
    readonly id: string,
    readonly properties: Record<string, unknown>,
    readonly reasons: string[],
  ) {
    super(message);
    this.name = "PartialCreateError";
  }
}

/**
 * Builds the error; `provider` is the serialized shell copied from the inputs, `done` says
 * what did happen ("was created", "was updated").
 */
export function partialCreate(id: string, outputs: object, provider: unknown, reasons: string[], done = "was created"): PartialCreateError {
  const properties: Record<string, unknown> = { ...outputs };
  if (provider !== undefined) properties.__provider = provider;
  return new PartialCreateError(`server ${id} ${done} but is not ready: ${reasons.join("; ")}`, id, properties, reasons);
}
