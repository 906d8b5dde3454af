// The batches of a rolling replacement: members in key order, `size` (maxSurge +
// maxUnavailable) at a time, except a canary: the first batch then holds `canary` members, and
// the roll waits `canaryPauseMs` after it (instead of the usual pause) before the rest.

export interface Batch {
  keys: string[];
  /** The wait before this batch starts (0 for the first). */
  pauseBeforeMs: number;
}

export function batchesOf(keys: string[], size: number, pauseMs: number, canary = 0, canaryPauseMs?: number): Batch[] {
  const batches: Batch[] = [];
  let start = 0;
  if (canary > 0 && keys.length > 0) {
    batches.push({ keys: keys.slice(0, canary), pauseBeforeMs: 0 });
    start = Math.min(canary, keys.length);
  }
  for (; start < keys.length; start += size) {
    const first = batches.length === 0;
    const afterCanary = canary > 0 && batches.length === 1;
    batches.push({ keys: keys.slice(start, start + size), pauseBeforeMs: first ? 0 : afterCanary ? (canaryPauseMs ?? pauseMs) : pauseMs });
  }
  return batches;
}
