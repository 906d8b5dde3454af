// The dynamic face's half of "an output derived from a secret input is secret". The
// dynamic-provider host does not accept secrets, and the engine then marks secret only the
// outputs named like a secret input: a secret `os` leaves `osId` and `osName` plain, a secret
// `plan` its size and price. The Server class therefore names them in additionalSecretOutputs
// once it knows the input is secret. It can: the SDK reads that list only after it has awaited
// every input, each Output's secret flag included (@pulumi/pulumi runtime/resource.js
// registerResource), and the flag settles for the callback added here first.

import * as pulumi from "@pulumi/pulumi";
import { untypedMember } from "../core/sdk-internals";
import { SERVER_DERIVED_OUTPUTS } from "./types";

/** Adds to `secretOutputs` the outputs derived from each input of `args` that turns out secret. */
export function addDerivedSecrets(args: object | undefined, secretOutputs: string[]): void {
  for (const [input, value] of Object.entries(args ?? {})) {
    const derived = SERVER_DERIVED_OUTPUTS[input];
    if (!derived || !pulumi.Output.isInstance(value)) continue;
    // Internal to the SDK (not in its .d.ts: sdk-internals.ts), present in every version we support.
    const isSecret = untypedMember(value, "isSecret");
    if (isSecret instanceof Promise) void isSecret.then((secret: unknown) => {
      if (secret) for (const k of derived) if (!secretOutputs.includes(k)) secretOutputs.push(k);
    });
  }
}
