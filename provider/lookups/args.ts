// The arguments a lookup was given, echoed in its result.

/** The arguments that were given (undefined ones left out). */
export function definedOnly<T extends object>(args: T): Partial<T> {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined)) as Partial<T>;
}
