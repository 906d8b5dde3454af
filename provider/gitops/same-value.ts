// Value equality of the summaries: lists compare as sets (tags and SSH keys have no order in the
// API), everything else by its JSON.
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return JSON.stringify([...a].map(String).sort()) === JSON.stringify([...b].map(String).sort());
  }
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
