// The detailed diff a resource's core may return beside the engine's fields (a Fleet returns
// one path per member key, provider/fleet/preview.ts), set on the plugin's DiffResponse so that
// `pulumi preview --diff` lists each member. Old values come from the recorded outputs
// (inputDiff false), new ones from the checked inputs. Only the kinds the core names are
// sent; none is a *_REPLACE kind, which would make the engine replace the whole resource.

import { provproto } from "./grpc";

type Kind = "add" | "update" | "delete";

export function setMemberDiff(res: InstanceType<typeof provproto.DiffResponse>, result: object): void {
  const detailed = (result as { detailedDiff?: Record<string, Kind> }).detailedDiff;
  if (!detailed) return;
  const K = provproto.PropertyDiff.Kind;
  const kinds: Record<Kind, number> = { add: K.ADD, update: K.UPDATE, delete: K.DELETE };
  const map = res.getDetaileddiffMap();
  for (const [path, kind] of Object.entries(detailed)) map.set(path, new provproto.PropertyDiff().setKind(kinds[kind]).setInputdiff(false));
  res.setHasdetaileddiff(true);
}
