/** Something that holds memory until closed (a loaded table). */
export interface Closable {
  close(): Promise<void>;
  /** False once the value is gone by itself (a table whose engine process was stopped). */
  isOpen?(): boolean;
}

/** A table handed to one caller; the caller must release it once its query is done. */
export interface Lease<T> {
  value: T;
  /** Whether the table was already loaded (or loading) when asked for. */
  hit: boolean;
  /** Ends this caller's use; an evicted table closes when its last lease ends. Safe to call twice. */
  release(): Promise<void>;
}

interface Entry<T> {
  value: Promise<T>;
  leases: number;
  /** Out of the cache: closes as soon as no lease holds it. */
  retired: boolean;
}

/**
 * A small LRU of loaded tables keyed by resource URL and validator, so a repeated query skips the load.
 * Concurrent calls for one key share the pending load; failed entries are forgotten. Eviction never
 * closes a table a caller still holds: a concurrent load of another resource would otherwise close it
 * under a running query. So the open tables can briefly exceed the bound by the queries in flight.
 */
export class SessionCache<T extends Closable = Closable> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** A lease on the table under `key`, loading it with `load` when absent. */
  async use(key: string, load: () => Promise<T>): Promise<Lease<T>> {
    let entry = this.entries.get(key);
    const hit = entry !== undefined;
    if (entry) {
      this.entries.delete(key);
    } else {
      const loaded: Entry<T> = { value: load(), leases: 0, retired: false };
      loaded.value.catch(() => {
        if (this.entries.get(key) === loaded) this.entries.delete(key);
      });
      entry = loaded;
    }
    this.entries.set(key, entry);
    // Taken before any await, so an eviction while the table loads cannot close it under this caller.
    entry.leases++;
    let value: T;
    try {
      value = await entry.value;
    } catch (error) {
      entry.leases--;
      throw error;
    }
    if (hit && value.isOpen?.() === false) {
      // Its engine was stopped (a query passed its deadline or memory ceiling): load it afresh.
      entry.leases--;
      if (this.entries.get(key) === entry) await this.remove(key);
      return this.use(key, load);
    }
    if (!hit) await this.evict();
    return { value, hit, release: this.releaser(entry) };
  }

  /** A lease on the table under `key` when it is loaded and open; null otherwise (nothing is loaded). */
  async useLoaded(key: string): Promise<Lease<T> | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    entry.leases++;
    const value = await entry.value.catch(() => null);
    if (!value || value.isOpen?.() === false || entry.retired) {
      entry.leases--;
      if (entry.retired && entry.leases === 0) await close(entry);
      return null;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { value, hit: true, release: this.releaser(entry) };
  }

  /** Drops entries whose key starts with `prefix` (a newer version of the same resource was loaded). */
  async drop(prefix: string, keep: string): Promise<void> {
    for (const key of [...this.entries.keys()]) {
      if (key.startsWith(prefix) && key !== keep) await this.remove(key);
    }
  }

  /** Retires every entry; tables still leased close when their queries release them. */
  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.entries.keys()].map((key) => this.remove(key)));
  }

  private releaser(entry: Entry<T>): () => Promise<void> {
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      entry.leases--;
      if (entry.retired && entry.leases === 0) await close(entry);
    };
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
    if (!entry) return;
    this.entries.delete(key);
    entry.retired = true;
    if (entry.leases === 0) await close(entry);
  }
}

async function close<T extends Closable>(entry: Entry<T>): Promise<void> {
  await entry.value.then(
    (value) => value.close(),
    () => undefined,
  );
}
