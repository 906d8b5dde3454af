// The catalogue (regions, plans, OS images) cached on disk, shared by every process on the
// machine, so many stacks previewed at once do not each spend requests of the key's rate
// limit on the same public lists. One JSON file per (base URL, list): the name is a hash of
// both, the content the normalized list, the deployment's shape and when it was read. No
// API key and no header is ever written: the catalogue is the same for every key.
//
// - Fresh for `ttlMs` (short: a plan or image the API adds shows up within minutes).
// - Written to a temporary file and renamed over the old one, so a reader sees the old file
//   or the new one, never half of one, whatever other processes do at the same time (rename
//   is atomic within a file system on POSIX).
// - Any trouble (no folder, unreadable, corrupt, another base URL) is a miss: the cache can
//   only save requests, never fail a deployment.

import { createHash, randomUUID } from "crypto";
import * as fs from "fs";
import * as path from "path";
import type { ApiShape } from "../wire/types";

export interface CachedList<T> {
  items: T;
  /** The deployment's shape when the list was read, if known. */
  shape?: ApiShape;
}

interface FileContent<T> extends CachedList<T> {
  version: 1;
  baseUrl: string;
  list: string;
  savedAt: number;
}

export class CatalogueFileCache {
  constructor(
    private readonly dir: string,
    private readonly baseUrl: string,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The list saved by any process within the TTL, or undefined. */
  read<T>(list: string): CachedList<T> | undefined {
    if (this.ttlMs <= 0) return undefined;
    try {
      const c = JSON.parse(fs.readFileSync(this.file(list), "utf8")) as FileContent<T>;
      const age = this.now() - c.savedAt;
      if (c.version !== 1 || c.baseUrl !== this.baseUrl || c.list !== list || !(age >= 0 && age < this.ttlMs)) return undefined;
      return { items: c.items, shape: c.shape };
    } catch {
      return undefined;
    }
  }

  /** Saves a list for the other processes (best effort). */
  write<T>(list: string, entry: CachedList<T>): void {
    if (this.ttlMs <= 0) return;
    const content: FileContent<T> = { version: 1, baseUrl: this.baseUrl, list, savedAt: this.now(), ...entry };
    const target = this.file(list);
    const temp = `${target}.${process.pid}.${randomUUID()}.tmp`;
    try {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(temp, JSON.stringify(content), { mode: 0o600 });
      fs.renameSync(temp, target);
    } catch {
      fs.rmSync(temp, { force: true });
    }
  }

  private file(list: string): string {
    const id = createHash("sha256").update(`${this.baseUrl}\n${list}`).digest("hex").slice(0, 32);
    return path.join(this.dir, `catalogue-${id}.json`);
  }
}

/** Wraps one loader: the file if fresh, else the API (and the file is written for the others). */
export function fileCached<A extends unknown[], T>(
  cache: CatalogueFileCache | undefined,
  list: (...args: A) => string,
  load: (...args: A) => Promise<T>,
  shape: { current(): ApiShape | undefined; learn(s: ApiShape): void },
): (...args: A) => Promise<T> {
  if (!cache) return load;
  return async (...args: A) => {
    const name = list(...args);
    const hit = cache.read<T>(name);
    const known = shape.current();
    // A file written for another shape is another deployment behind the same URL: ignore it.
    if (hit && (!known || !hit.shape || hit.shape === known)) {
      if (hit.shape) shape.learn(hit.shape);
      return hit.items;
    }
    const items = await load(...args);
    cache.write(name, { items, shape: shape.current() });
    return items;
  };
}
