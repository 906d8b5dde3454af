// The normal form of every list input (tags, SSH key ids, webhook events): sorted and
// de-duplicated, so order in the program never shows as a change.

import { containsUnknown } from "./unknown";

/** Sorted, de-duplicated copy of a list of strings; unknown lists are returned as they are. */
export function sortedSet(list: unknown): unknown {
  if (!Array.isArray(list) || containsUnknown(list)) return list;
  return [...new Set(list as string[])].sort();
}
