// Which resource of the stack adopts which server id, so that two resources adopting the same
// server fail at preview instead of both taking it over (and one deleting it on destroy).
//
// Why one record per provider process sees the whole stack: every dynamic resource of a stack is
// served by the engine's one default `pulumi-nodejs` provider, i.e. one provider process per
// operation, and every `check` of that operation runs in it (process state is shared by every
// resource of the process, and reaches the code through the operation context, never a module
// global, so that tests can make a process of their own). The e2e
// test "one id adopted twice" proves it with the real engine: it can only pass when the second
// resource's check sees the first one's claim.
//
// A resource is known by its name (the engine's, from the operation context). The same name
// checked twice (preview, then up) is the same resource, not a duplicate.
//
// The same record knows which Fleet instances are running an operation in this process: the
// servers of an instance not marked live yet are those of a create that never finished, unless
// that create is still running beside this one (two Fleets of one name created in one `up`).

export class AdoptionClaims {
  private readonly claims = new Map<string, Set<string>>();

  /** Records that `name` adopts `id`; returns the other names that claim the same id. */
  claim(id: string, name: string | undefined): string[] {
    const names = this.claims.get(id) ?? new Set<string>();
    this.claims.set(id, names);
    if (name !== undefined) names.add(name);
    return [...names].filter((n) => n !== name).sort();
  }

  private readonly running = new Map<string, number>();

  /** Records that the fleet instance `instance` runs an operation now; call the result when it ends. */
  run(instance: string): () => void {
    this.running.set(instance, (this.running.get(instance) ?? 0) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const n = (this.running.get(instance) ?? 1) - 1;
      if (n > 0) this.running.set(instance, n);
      else this.running.delete(instance);
    };
  }

  /** How many operations run under `name` (a fleet instance, a fleet's pending label) in this process now. */
  runs(name: string): number {
    return this.running.get(name) ?? 0;
  }

  /** Whether the fleet instance `instance` runs an operation in this process now. */
  isRunning(instance: string): boolean {
    return this.running.has(instance);
  }

  /** The other names that claim `id` (create re-checks before it takes the server over). */
  others(id: string, name: string | undefined): string[] {
    return [...(this.claims.get(id) ?? [])].filter((n) => n !== name).sort();
  }
}
