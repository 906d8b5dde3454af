// The core's diff (provider/core/detailed-diff.ts) as the engine's DiffResponse: every changed
// property with its kind (pulumirpc.PropertyDiff: ADD, DELETE, UPDATE and their _REPLACE
// forms) and `hasDetailedDiff`, so the engine shows and checks `replaceOnChanges` against
// what the core decided, not a guess from the inputs. `diffs` names the same properties for
// engines that read only the list. Kinds compare with the recorded outputs (`inputDiff` off),
// except where the core says its paths name inputs only (a Fleet's `memberSpecs`).

import type { ChangeKind, PlannedDiff } from "../core/detailed-diff";
import { provproto } from "./grpc";

type DiffResponse = InstanceType<typeof provproto.DiffResponse>;

const K = provproto.PropertyDiff.Kind;
const KINDS: Record<ChangeKind, [number, number]> = {
  add: [K.ADD, K.ADD_REPLACE],
  delete: [K.DELETE, K.DELETE_REPLACE],
  update: [K.UPDATE, K.UPDATE_REPLACE],
};

export function diffResponse(result: PlannedDiff): DiffResponse {
  const D = provproto.DiffResponse.DiffChanges;
  const res = new provproto.DiffResponse();
  res.setChanges(result.changes === true ? D.DIFF_SOME : result.changes === false ? D.DIFF_NONE : D.DIFF_UNKNOWN);
  res.setReplacesList(result.replaces ?? []);
  res.setStablesList(result.stables ?? []);
  res.setDeletebeforereplace(result.deleteBeforeReplace ?? false);
  const detail = result.detailedDiff;
  res.setDiffsList(Object.keys(detail));
  const map = res.getDetaileddiffMap();
  for (const [k, c] of Object.entries(detail)) map.set(k, new provproto.PropertyDiff().setKind(KINDS[c.kind][c.replace ? 1 : 0]).setInputdiff(result.inputDiff === true));
  return res.setHasdetaileddiff(true);
}
