// What a recording of a release's stacks is made with (record.ts) and read with
// (test/upgrade/recorded-stacks.test.ts). All of it is public on purpose: the passphrase only
// lets a later build decrypt the recorded stack's config and state, and the key only opens the
// simulator that the recording's own simulator.json seeds.

import type { Face, Shape } from "./programs";

/** The passphrase of every recorded stack's secrets (passphrase secrets provider). Not a secret. */
export const RECORDING_PASSPHRASE = "upgrade-recordings-not-a-secret";
/** The API key the recorded stacks hold (as a ciphertext) and the recorded simulator accepts. */
export const RECORDING_API_KEY = "upgrade-recording-key-36";
export const RECORDING_WEBHOOK_SECRET = "upgrade-recording-webhook-secret-36";
export const RECORDING_STACK = "upgrade";

/** The folder of one recording inside a release's folder, e.g. "plugin-B". */
export function recordingName(face: Face, shape: Shape): string {
  return `${face}-${shape}`;
}
