// The versions of a `Server`'s state (provider/core/state-version.ts): one step per version.
//   0 -> 1  release 0.1.0's state (test/upgrade/recordings/v0.1.0) is already in today's shape:
//           the outputs of normalize.ts serverOutputs, plus `__provider` on the dynamic face.
//           The step changes nothing; version 1 is the first that says what it is.
// A later change of shape (a field renamed, a unit changed) adds the next step here, with a
// unit test on the recordings of every release before it (test/upgrade/state-upgrade.test.ts).

import type { StateVersions } from "../core/state-version";

export const SERVER_STATE_VERSIONS: StateVersions = {
  resource: "Server",
  steps: [(state) => state],
};
