// A Pulumi URN taken apart, once for the package: the plugin's request facts, the plugin's type
// of a request that names none, the GitOps and cost steps, the orphan check's planned creates
// and fleet tags, and the Servers -> Fleet adoptIds all read it here.
//
//   urn:pulumi:<stack>::<project>::<qualified type>::<name>
//
// The qualified type is the resource's type after its parents' (`parent$child$type`); the name is
// everything after the third `::`, so a name that holds `::` itself stays whole. Stack, project
// and type tokens never hold `::`.
// https://www.pulumi.com/docs/iac/concepts/resources/names/#urns

export interface Urn {
  /** The stack's name. */
  stack: string;
  project: string;
  /** The parents' types and the resource's own, joined by `$`. */
  qualifiedType: string;
  /** Its parents' types joined by `$` (the qualified type less its own); absent when its parent is the stack. */
  parentType?: string;
  /** The resource's own type token, e.g. "hosting:index:Server". */
  type: string;
  /** The resource's name as the program gave it. */
  name: string;
}

const PREFIX = "urn:pulumi:";

/** The parts of `urn`, or undefined when it is not a Pulumi URN. */
export function parseUrn(urn: string): Urn | undefined {
  if (!urn.startsWith(PREFIX)) return undefined;
  const parts = urn.slice(PREFIX.length).split("::");
  if (parts.length < 4) return undefined;
  const [stack, project, qualifiedType, ...name] = parts;
  const cut = qualifiedType.lastIndexOf("$");
  return {
    stack, project, qualifiedType, ...(cut > 0 ? { parentType: qualifiedType.slice(0, cut) } : {}), type: qualifiedType.slice(cut + 1), name: name.join("::"),
  };
}

/** The resource name of `urn`, or `urn` itself when it is not a URN (a label in a summary is better than nothing). */
export function urnName(urn: string): string {
  return parseUrn(urn)?.name ?? urn;
}
