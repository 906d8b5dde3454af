// The serialized provider object of a resource, from its two forwarding functions (see
// provider/dynamic/host.ts for why two). Each resource module writes its own `observe` and
// `change`, each with the literal `require("pulumi-hosting/internal/<name>")`, so the serialized
// text names its package and captures nothing but the resource's facts: what the engine knows of
// it and the core needs (its stack, and its name, parents' types or `replaceOnChanges` when they matter), since
// the dynamic-provider host hands the provider neither a URN nor the resource's options.
//
// The SDK serializes each distinct provider object once, and each serialization walks its
// functions' closures, so one shell is kept per distinct facts: the Servers of a stack that
// need no name share one, as before.
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceFacts } from "./context";
import { untypedMember } from "./sdk-internals";

type Forward = (...a: unknown[]) => unknown;

export function providerShell(observe: Forward, change: Forward): pulumi.dynamic.ResourceProvider {
  return {
    configure: observe as pulumi.dynamic.ResourceProvider["configure"],
    check: observe as pulumi.dynamic.ResourceProvider["check"],
    diff: observe as pulumi.dynamic.ResourceProvider["diff"],
    read: observe as pulumi.dynamic.ResourceProvider["read"],
    create: change as pulumi.dynamic.ResourceProvider["create"],
    update: change as pulumi.dynamic.ResourceProvider["update"],
    delete: change as pulumi.dynamic.ResourceProvider["delete"],
  };
}

/** One shell per distinct facts, made by `make` the first time (the program process keeps them). */
export function shellCache(make: (facts: ResourceFacts) => pulumi.dynamic.ResourceProvider): (facts: ResourceFacts) => pulumi.dynamic.ResourceProvider {
  const shells = new Map<string, pulumi.dynamic.ResourceProvider>();
  return (facts) => {
    const key = JSON.stringify(facts);
    let shell = shells.get(key);
    if (!shell) {
      shell = make(facts);
      shells.set(key, shell);
    }
    return shell;
  };
}

/** The facts of a dynamic resource: its stack always, its name, parents' types and `replaceOnChanges` when asked for. */
export function dynamicFacts(
  name: string, opts: { withName: boolean; replaceOnChanges?: string[]; parent?: pulumi.Resource }, stack: { project: string; stack: string },
): ResourceFacts {
  const facts: ResourceFacts = { project: stack.project, stack: stack.stack };
  if (opts.withName) facts.name = name;
  const parentType = opts.withName ? parentTypeOf(opts.parent) : undefined;
  if (parentType) facts.parentType = parentType;
  if (opts.replaceOnChanges?.length) facts.replaceOnChanges = [...opts.replaceOnChanges];
  return facts;
}

/**
 * The types of `parent` and its own parents up to the stack, outermost first, joined by `$`: the
 * part of the child's URN before its own type. The SDK keeps them on each resource
 * (`__pulumiType`, `__parentResource`) and sends them in no public field.
 */
export function parentTypeOf(parent: pulumi.Resource | undefined): string | undefined {
  const types: string[] = [];
  for (let r: unknown = parent; r && typeof r === "object"; r = untypedMember(r, "__parentResource")) {
    const type = untypedMember(r, "__pulumiType");
    if (typeof type !== "string" || type === "pulumi:pulumi:Stack") break;
    types.unshift(type);
  }
  return types.length > 0 ? types.join("$") : undefined;
}
