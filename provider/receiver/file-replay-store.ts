// A replay store on one file, so that a receiver restarted inside the retry window still
// drops ids it accepted before: one JSON line per accepted id ({"id","expiresAt"}),
// appended and fsync'ed before the delivery is acknowledged, read back on start. The
// file is rewritten without expired lines when they outnumber the live ones (looked at
// every `compactEvery` lines). Written 0600:
// it lists event ids, which are not secret, but nothing else should write to it.
import * as fs from "fs";
import type { ReplayStore } from "./replay-store";
import { MemoryReplayStore } from "./replay-store";

export class FileReplayStore implements ReplayStore {
  private readonly memory = new MemoryReplayStore();
  private readonly live = new Map<string, number>();
  private lines = 0;
  private nextCheck: number;

  /** Reads back the ids on `path` (none when it does not exist yet); expiry is judged per call, by the caller's clock. */
  /** `compactEvery`: lines written between looks for expired ones. @default 1000 */
  constructor(private readonly path: string, private readonly compactEvery = 1000) {
    for (const line of readLines(path)) {
      this.lines++;
      const entry = parseLine(line);
      if (entry) this.live.set(entry.id, Math.max(entry.expiresAt, this.live.get(entry.id) ?? 0));
    }
    for (const [id, until] of this.live) this.memory.remember(id, until, Number.NEGATIVE_INFINITY);
    this.nextCheck = this.lines + compactEvery;
  }

  remember(id: string, expiresAt: number, now: number): boolean {
    if (!this.memory.remember(id, expiresAt, now)) return false;
    this.live.set(id, expiresAt);
    const fd = fs.openSync(this.path, "a", 0o600);
    try {
      fs.writeSync(fd, JSON.stringify({ id, expiresAt }) + "\n");
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    this.lines++;
    if (this.lines >= this.nextCheck) this.maybeCompact(now);
    return true;
  }

  /** Forgets expired ids; when they were most of the file, rewrites it (write aside, then rename: never half a file). */
  private maybeCompact(now: number): void {
    for (const [id, until] of this.live) if (until <= now) this.live.delete(id);
    this.nextCheck = this.lines + Math.max(this.compactEvery, this.live.size);
    if (this.lines <= 2 * this.live.size) return;
    const text = [...this.live].map(([id, expiresAt]) => JSON.stringify({ id, expiresAt }) + "\n").join("");
    const aside = `${this.path}.${process.pid}.tmp`;
    fs.writeFileSync(aside, text, { mode: 0o600 });
    fs.renameSync(aside, this.path);
    this.lines = this.live.size;
    this.nextCheck = this.lines + Math.max(this.compactEvery, this.live.size);
  }
}

function readLines(path: string): string[] {
  try {
    return fs.readFileSync(path, "utf8").split("\n").filter((l) => l !== "");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw e;
  }
}

/** One stored line, or undefined for a torn last line (a crash mid-write) or a foreign one. */
function parseLine(line: string): { id: string; expiresAt: number } | undefined {
  try {
    const v = JSON.parse(line) as { id?: unknown; expiresAt?: unknown };
    return typeof v.id === "string" && typeof v.expiresAt === "number" ? { id: v.id, expiresAt: v.expiresAt } : undefined;
  } catch {
    return undefined;
  }
}
