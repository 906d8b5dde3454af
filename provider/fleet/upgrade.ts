// The versions of a `Fleet`'s state (provider/core/state-version.ts): one step per version.
//   0 -> 1  release 0.1.0's state (the checked inputs but memberSpecs, `members`, `leftovers`)
//           is read as it is: fields added since (the fleet's identity tag, its generation) are
//           optional and an absent one is taken care of where it is read (provider.ts).

import type { StateVersions } from "../core/state-version";

export const FLEET_STATE_VERSIONS: StateVersions = {
  resource: "Fleet",
  steps: [(state) => state],
};
