// What the table benchmark stores: N servers whose filters match known sets. `pct1` tags 1%
// of them; `k1000` tags 1,000 spread evenly, and the label `k1000-label` and the region `ewr`
// each mark another 1,000 spread evenly (at N = 1,000: every server), so those pages hold the
// same 500 servers at every N and their cost can be compared across N.
export const SEED_KEY = "table-bench-key";
export const SPREAD = 1000;

/** Whether server i of n is one of the evenly spread 1,000 at the given offset. */
const spread = (i: number, n: number, offset: number): boolean => {
  const step = Math.max(1, Math.floor(n / SPREAD));
  return i % step === offset % step && Math.floor(i / step) < SPREAD;
};

export function seedBody(i: number, n: number): Record<string, unknown> {
  const tags = ["table"];
  if (i % 100 === 0) tags.push("pct1");
  if (spread(i, n, 0)) tags.push("k1000");
  return {
    region: spread(i, n, 3) ? "ewr" : ["fra", "nrt", "syd"][i % 3],
    plan: "vc2-1c-1gb",
    os_id: 2284,
    label: spread(i, n, 7) ? "k1000-label" : `srv-${i}`,
    tags,
  };
}
