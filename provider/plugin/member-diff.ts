// The detailed diff a resource's core may return beside the engine's fields (a Fleet returns
// one path per member key, provider/fleet/preview.ts), set on the plugin's DiffResponse so that
// `pulumi preview --diff` lists each member. Old values come from the recorded outputs
// (inputDiff false), new ones from the checked inputs. Only the kinds the core names are
// sent; none is a *_REPLACE kind, which would make the engine replace the whole resource.
// The plan the core states in words goes to the engine's log (engine-log.ts).

import { engineInfo } from "./engine-log";
import { provproto } from "./grpc";

type Kind = "add" | "update" | "delete";

export async function setMemberDiff(res: InstanceType<typeof provproto.DiffResponse>, result: object, urn: string): Promise<void> {
  const { detailedDiff: detailed, plannedChanges } = result as { detailedDiff?: Record<string, Kind>; plannedChanges?: string[] };
  // Only a Fleet's diff carries `plannedChanges`: another resource's detailed diff is not ours to set.
  if (!detailed || !Array.isArray(plannedChanges)) return;
  // The plan in words (create, update in place, replace in N batches, delete), for the CLI's output.
  if (plannedChanges && plannedChanges.length > 0) await engineInfo(urn, `plan: ${plannedChanges.join("; ")}`);
  const K = provproto.PropertyDiff.Kind;
  const kinds: Record<Kind, number> = { add: K.ADD, update: K.UPDATE, delete: K.DELETE };
  const map = res.getDetaileddiffMap();
  for (const [path, kind] of Object.entries(detailed)) map.set(path, new provproto.PropertyDiff().setKind(kinds[kind]).setInputdiff(false));
  res.setHasdetaileddiff(true);
}
