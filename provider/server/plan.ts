// The plan table of a server, enforced by `diff` (the README carries the same table):
//   replace         region, plan, os/osId (the image), hostname, sshKeyIds, userData,
//                   backups, ddosProtection: the spec shows no in-place update for them;
//                   also a server whose status is `error` (it can never become active)
//   update          label, tags and ownerTag (one PATCH), powerState (start/stop or halt),
//                   rebootTriggers (POST /reboot), stopMode and waitTimeoutSeconds (nothing sent)
//   ignored         adoptId (only a new resource reads it; see adopt.ts)
//   no change       os and osId naming the same image; tags or SSH keys in another order;
//                   `__provider` (a new provider build must not touch servers)
// Unknown values (preview) in a replace field count as a replacement: the honest worst case.

import { findOs, type CatalogueSnapshot } from "../core/catalogue";
import { sortedSet } from "../core/sorted-set";
import { SERVER_DEFAULTS, SERVER_UNWRITTEN_DEFAULTS, type ServerInputs, type ServerOutputs } from "./types";
import { containsUnknown, isUnknown } from "../core/unknown";
import { detailOf, plannedDiff, type PlannedDiff } from "../core/detailed-diff";

type Props = Record<string, unknown>;

const REPLACE_FIELDS = ["region", "plan", "hostname", "sshKeyIds", "userData", "backups", "ddosProtection"] as const;
const UPDATE_FIELDS = ["label", "tags", "ownerTag", "powerState", "stopMode", "rebootTriggers", "waitTimeoutSeconds"] as const;
// userData has no default input (it is optional and secret); absent compares as empty. So does
// ownerTag: no tag recorded and `ownerTag: ""` (no tag wanted, as an import writes it) agree.
const DEFAULTS: Props = { ...SERVER_DEFAULTS, ...SERVER_UNWRITTEN_DEFAULTS, userData: "", ownerTag: "" };

/**
 * Compares old outputs with new checked inputs. `cat` is needed only when news lack osId.
 * Every changed property comes back in `detailedDiff` with its kind (core/detailed-diff.ts).
 */
export function planServer(oldOutputs: Partial<ServerOutputs>, newInputs: Partial<ServerInputs>, cat?: CatalogueSnapshot): PlannedDiff {
  // Compared field by field through the tables above, whatever their types.
  const olds = oldOutputs as Props;
  const news = newInputs as Props;
  const replaces: string[] = [];
  const updates: string[] = [];
  for (const k of REPLACE_FIELDS) {
    if (k === "hostname" && (news.hostname === undefined || news.hostname === "")) continue;
    if (differs(olds[k] ?? DEFAULTS[k], news[k] ?? DEFAULTS[k], k)) replaces.push(k);
  }
  replaces.push(...imageChange(olds, news, cat));
  for (const k of UPDATE_FIELDS) {
    if (news[k] === undefined && (k === "waitTimeoutSeconds" || k === "ownerTag")) continue;
    if (differs(olds[k] ?? DEFAULTS[k], news[k] ?? DEFAULTS[k], k)) updates.push(k);
  }
  const detail = detailOf(olds, news, { replaces, updates });
  // Not an input: the recorded status itself is the cause, shown as "error" => (none).
  if (olds.status === "error") detail.status = { kind: "update", replace: true };
  const replacing = Object.values(detail).some((c) => c.replace);
  return plannedDiff(detail, { stables: replacing ? [] : ["region", "plan", "os", "osId", "hostname", "sshKeyIds", "backups", "ddosProtection"] });
}

/** The image fields to report as replaced: none when both sides name the same image. */
function imageChange(olds: Props, news: Props, cat?: CatalogueSnapshot): string[] {
  const given = (["os", "osId"] as const).filter((k) => news[k] !== undefined);
  if (given.some((k) => containsUnknown(news[k]))) return given;
  let newId: number | undefined = typeof news.osId === "number" ? news.osId : undefined;
  if (newId === undefined && typeof news.os === "string") newId = cat ? findOs(cat, { os: news.os })?.id : undefined;
  const oldId = typeof olds.osId === "number" && olds.osId !== 0 ? olds.osId : cat ? findOs(cat, olds)?.id : undefined;
  let same: boolean;
  if (newId !== undefined && oldId !== undefined) same = newId === oldId;
  else if (typeof news.os === "string" && typeof olds.os === "string") same = news.os === olds.os; // a slug names one image
  else same = given.length === 0;
  if (same) return [];
  // Name the fields whose values differ (both, after `check` completed them).
  const differing = given.filter((k) => olds[k] !== news[k]);
  return differing.length > 0 ? differing : given;
}

function differs(a: unknown, b: unknown, key: string): boolean {
  if (isUnknown(b) || containsUnknown(b)) return true;
  if (key === "tags" || key === "sshKeyIds") return JSON.stringify(sortedSet(a ?? [])) !== JSON.stringify(sortedSet(b ?? []));
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** True when `rebootTriggers` changed: the update reboots the server (see power.ts rebootServer). */
export function rebootTriggered(oldOutputs: Partial<ServerOutputs>, newInputs: Partial<ServerInputs>): boolean {
  return differs(oldOutputs.rebootTriggers ?? DEFAULTS.rebootTriggers, newInputs.rebootTriggers ?? DEFAULTS.rebootTriggers, "rebootTriggers");
}
