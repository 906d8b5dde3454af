// Which resource of the stack adopts which server id, so that two resources adopting the same
// server fail at preview instead of both taking it over (and one deleting it on destroy).
//
// One record per provider process sees the whole stack: every dynamic resource of a stack is
// served by the engine's one default `pulumi-nodejs` provider, so every `check` of an operation
// runs in one process (the record reaches the code through the operation context, never a module
// global). The e2e test "one id adopted twice" proves it with the real engine.
// A resource is known by its URN (its name where no URN is known): names repeat, URNs do not.
// The same URN checked twice (preview, then up) is one resource, not a duplicate. Messages name
// a resource by its name, or by its URN where the two claimants share the name.

export class AdoptionClaims {
  /** Per server id: each claimant's identity (URN, else name) and its name. */
  private readonly claims = new Map<string, Map<string, string>>();

  /** Records that `who` adopts `id`; returns the other claimants of the same id, each named as the message should (see above). */
  claim(id: string, who: Claimant): Claimant[] {
    const holders = this.claims.get(id) ?? new Map<string, string>();
    this.claims.set(id, holders);
    const key = who.urn ?? who.name;
    if (key !== undefined) holders.set(key, who.name ?? key);
    return this.others(id, who);
  }

  /** The other claimants of `id` (create re-checks before it takes the server over). */
  others(id: string, who: Claimant): Claimant[] {
    const key = who.urn ?? who.name;
    return [...(this.claims.get(id) ?? [])].filter(([k]) => k !== key).map(([urn, name]) => ({ urn, name })).sort((a, b) => a.urn.localeCompare(b.urn));
  }
}

/** A resource that adopts a server: its URN where the engine gave one, and its name. */
export interface Claimant {
  readonly urn?: string;
  readonly name?: string;
}

/** How a message names each of two claimants: by name, or by URN where the names are the same. */
export function claimantNames(other: Claimant, me: Claimant): [string, string] {
  const same = other.name === me.name;
  return [(same ? other.urn : other.name) ?? "", (same ? me.urn : me.name) ?? ""];
}
