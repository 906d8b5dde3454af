// The one promise cache of the package. The promise is kept, not the value, so concurrent
// first callers share one request; a rejected promise is forgotten, so the next caller tries
// again instead of inheriting a passing failure.

export class PromiseCache<K, V> {
  private readonly entries = new Map<K, Promise<V>>();

  /** The cached promise of `key`, or the one `load` starts now. */
  get(key: K, load: () => Promise<V>): Promise<V> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = load();
      this.entries.set(key, entry);
      entry.catch(() => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      });
    }
    return entry;
  }

  clear(): void {
    this.entries.clear();
  }
}
