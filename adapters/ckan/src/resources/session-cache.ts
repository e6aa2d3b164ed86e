/** Something that holds memory until closed (a loaded table). */
export interface Closable {
  close(): Promise<void>;
}

/**
 * A small LRU of loaded tables keyed by resource URL and validator, so a repeated query skips the load.
 * Concurrent calls for one key share the pending load; evicted and failed entries are closed.
 */
export class SessionCache<T extends Closable = Closable> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The table under `key`, loading it with `load` when absent; `hit` says whether it was already there. */
  async use(key: string, load: () => Promise<T>): Promise<{ value: T; hit: boolean }> {
    const existing = this.entries.get(key);
    if (existing) {
      this.entries.delete(key);
      this.entries.set(key, existing);
      return { value: await existing, hit: true };
    }
    const pending = load();
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    const value = await pending;
    await this.evict();
    return { value, hit: false };
  }

  /** Drops entries whose key starts with `prefix` (a newer version of the same resource was loaded). */
  async drop(prefix: string, keep: string): Promise<void> {
    for (const key of [...this.entries.keys()]) {
      if (key.startsWith(prefix) && key !== keep) await this.remove(key);
    }
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.entries.keys()].map((key) => this.remove(key)));
  }

  private async evict(): Promise<void> {
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) return;
      await this.remove(oldest);
    }
  }

  private async remove(key: string): Promise<void> {
    const entry = this.entries.get(key);
    this.entries.delete(key);
    await entry?.then(
      (value) => value.close(),
      () => undefined,
    );
  }
}
