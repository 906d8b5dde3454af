// Preview-time unknowns. During `pulumi preview` the engine hands a dynamic provider's
// check and diff this sentinel string for every value it cannot know yet (an output of a
// resource that does not exist). Code that validates or compares inputs asks `isUnknown`
// first and stays silent about what it cannot see.
// See @pulumi/pulumi runtime/rpc.js `unknownValue`.

export const UNKNOWN_VALUE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True when the value itself is the engine's unknown sentinel. */
export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN_VALUE;
}

/** True when the value, or anything inside it (array items, object fields), is unknown. */
export function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}
