// Bearer-key auth and permissions (docs/contract.md, Auth): 401 for a missing, malformed,
// unknown or revoked key; 403 when the key's level is below the route's. Revocation takes
// effect on the next request because keys are looked up on every request.
import { ApiError } from "./http/errors";
import type { Permission } from "./options";
import type { MemoryStore } from "./store/memory-store";
import type { KeyRecord } from "./store/types";

const LEVEL: Record<Permission, number> = { read: 0, write: 1, full: 2 };

const unauthorized = (message: string): ApiError => new ApiError(401, "UNAUTHORIZED", message);

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
  if (LEVEL[key.permission] < LEVEL[need]) {
    throw new ApiError(403, "FORBIDDEN",
      `${routeName} needs ${need} permission; the API key has ${key.permission} permission`);
  }
}
