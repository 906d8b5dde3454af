// "Did you mean": the candidates closest to what a user named, for the no-match errors of the
// lookups (the way pulumi-awsx's getDefaultVpc says what it looked for) and of the catalogue's
// one rule set (match.ts).

/**
 * Up to `count` items ordered by how close their key is to `wanted` (case-insensitive edit
 * distance; a key that contains `wanted` counts as closer).
 */
export function nearest<T>(wanted: string, items: T[], key: (item: T) => string, count = 5): T[] {
  const w = wanted.toLowerCase();
  const score = (k: string) => distance(w, k) - (w !== "" && k.includes(w) ? w.length : 0);
  return items
    .map((item) => ({ item, k: key(item).toLowerCase() }))
    .sort((a, b) => score(a.k) - score(b.k) || a.k.localeCompare(b.k))
    .slice(0, count)
    .map((x) => x.item);
}

/** The distinct strings nearest to `wanted`. */
export function nearestStrings(wanted: string, values: string[], count = 5): string[] {
  return nearest(wanted, [...new Set(values)], (v) => v, count);
}

/** Levenshtein distance. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

/** Whether `candidate` is a near miss of `wanted`: at most half the longer one's characters differ (case aside). */
export function nearMiss(wanted: string, candidate: string): boolean {
  const w = wanted.toLowerCase();
  const c = candidate.toLowerCase();
  return distance(w, c) <= Math.max(w.length, c.length) / 2;
}
