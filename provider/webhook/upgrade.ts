// The versions of a `Webhook`'s state (provider/core/state-version.ts): one step per version.
//   0 -> 1  release 0.1.0's state (url, events, secret, createdAt; `__provider` on the dynamic
//           face) is already in today's shape: the step changes nothing.

import type { StateVersions } from "../core/state-version";

export const WEBHOOK_STATE_VERSIONS: StateVersions = {
  resource: "Webhook",
  steps: [(state) => state],
};
