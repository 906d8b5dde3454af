// Bearer-key auth and permissions (docs/contract.md, Auth): 401 for a missing, malformed,
// unknown or revoked key; 403 when the key's level is below the route's. Revocation takes
// effect on the next request because keys are looked up on every request.
import { ApiRefusal } from "./http/errors";
import type { Permission } from "./options";
import type { MemoryStore } from "./store/memory-store";
import type { KeyRecord } from "./store/types";
import { ERROR_CODES } from "../protocol/errors";

/** Each permission's level; a route that needs one takes a key of that level or above. */
const LEVEL = new Map<string, number>([["read", 0], ["write", 1], ["full", 2]]);

/** Whether `p` names a permission (own names only: `constructor` is not one). */
export function isPermission(p: unknown): p is Permission {
  return typeof p === "string" && LEVEL.has(p);
}

const unauthorized = (message: string): ApiRefusal => new ApiRefusal(401, ERROR_CODES.unauthorized, message);

export function authenticate(store: MemoryStore, header: string | undefined): KeyRecord {
  if (!header) throw unauthorized("missing Authorization header; send Authorization: Bearer <API key>");
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw unauthorized("malformed Authorization header; expected Bearer <API key>");
  const key = store.keys.get(m[1]);
  if (!key) throw unauthorized("the API key is not valid; create one under Account, API");
  if (key.revoked) throw unauthorized("the API key was revoked");
  return key;
}

export function authorize(key: KeyRecord, need: Permission, routeName: string): void {
  // A key of no known permission (a hand-edited state file) is granted nothing.
  if ((LEVEL.get(key.permission) ?? -1) < LEVEL.get(need)!) {
    throw new ApiRefusal(403, ERROR_CODES.forbidden,
      `${routeName} needs ${need} permission; the API key has ${key.permission} permission`);
  }
}
