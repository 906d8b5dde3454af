// Members of @pulumi/pulumi that its typings leave out (marked internal) but that every SDK
// version we support has: `runtime.isTestModeEnabled`, `runtime.isConfigSecret`, an Output's
// `isSecret`. They are read here by name and checked at run time, so a version without one
// gives `undefined` (the caller then says nothing rather than something false) instead of a
// type that lies.

/** The member `name` of `target`, whatever it is (undefined when absent). */
export function untypedMember(target: object, name: string): unknown {
  return Reflect.get(target, name);
}

/** The method `name` of `target`, bound to it, or undefined when there is none. */
export function untypedMethod(target: object, name: string): ((...args: unknown[]) => unknown) | undefined {
  const member = untypedMember(target, name);
  return typeof member === "function" ? (...args: unknown[]) => Reflect.apply(member, target, args) : undefined;
}
