// The plan table of a server, enforced by `diff` (the README carries the same table):
//   replace         region, plan, os/osId (the image), hostname, sshKeyIds, userData,
//                   backups, ddosProtection: the spec shows no in-place update for them;
//                   also a server whose status is `error` (it can never become active)
//   update          label and tags (one PATCH), powerState (start/stop), waitTimeoutSeconds
//   no change       os and osId naming the same image; tags or SSH keys in another order;
//                   `__provider` (a new provider build must not touch servers)
// Unknown values (preview) in a replace field count as a replacement: the honest worst case.

import type * as pulumi from "@pulumi/pulumi";
import { findOs, type Catalogue } from "./catalogue";
import { sortedSet } from "./normalize";
import { containsUnknown, isUnknown } from "./unknown";

type Props = Record<string, any>;

const REPLACE_FIELDS = ["region", "plan", "hostname", "sshKeyIds", "userData", "backups", "ddosProtection"] as const;
const UPDATE_FIELDS = ["label", "tags", "powerState", "waitTimeoutSeconds"] as const;
const DEFAULTS: Props = { label: "", tags: [], sshKeyIds: [], backups: false, ddosProtection: false, userData: "", powerState: "running" };

/** Compares old outputs with new checked inputs. `cat` is needed only when news lack osId. */
export function planServer(olds: Props, news: Props, cat?: Catalogue): pulumi.dynamic.DiffResult {
  const replaces: string[] = [];
  const updates: string[] = [];
  for (const k of REPLACE_FIELDS) {
    if (k === "hostname" && (news.hostname === undefined || news.hostname === "")) continue;
    if (differs(olds[k] ?? DEFAULTS[k], news[k] ?? DEFAULTS[k], k)) replaces.push(k);
  }
  const image = imageChange(olds, news, cat);
  if (image) replaces.push(image);
  if (olds.status === "error") replaces.push("status");
  for (const k of UPDATE_FIELDS) {
    if (news[k] === undefined && k === "waitTimeoutSeconds") continue;
    if (differs(olds[k] ?? DEFAULTS[k], news[k] ?? DEFAULTS[k], k)) updates.push(k);
  }
  return {
    changes: replaces.length + updates.length > 0,
    replaces,
    stables: replaces.length === 0 ? ["region", "plan", "os", "osId", "hostname", "sshKeyIds", "backups", "ddosProtection"] : [],
    deleteBeforeReplace: false,
  };
}

/** The property to report when the image changes, or undefined when it names the same one. */
function imageChange(olds: Props, news: Props, cat?: Catalogue): string | undefined {
  const field = news.os !== undefined ? "os" : "osId";
  if (containsUnknown(news.os) || containsUnknown(news.osId)) return field;
  let newId: number | undefined = typeof news.osId === "number" ? news.osId : undefined;
  if (newId === undefined && typeof news.os === "string") newId = cat ? findOs(cat, { os: news.os })?.id : undefined;
  const oldId = typeof olds.osId === "number" && olds.osId !== 0 ? olds.osId : cat ? findOs(cat, olds)?.id : undefined;
  if (newId !== undefined && oldId !== undefined) return newId === oldId ? undefined : field;
  // Without ids to compare, fall back to the slugs (a slug never names two images).
  if (typeof news.os === "string" && typeof olds.os === "string") return news.os === olds.os ? undefined : field;
  return newId === undefined && news.os === undefined ? undefined : field;
}

function differs(a: unknown, b: unknown, key: string): boolean {
  if (isUnknown(b) || containsUnknown(b)) return true;
  if (key === "tags" || key === "sshKeyIds") return JSON.stringify(sortedSet(a ?? [])) !== JSON.stringify(sortedSet(b ?? []));
  return JSON.stringify(a) !== JSON.stringify(b);
}
