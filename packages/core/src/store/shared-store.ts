/**
 * A key-value store with a time to live per entry, holding bytes. One server uses it in memory; replicas
 * share one through a networked implementation so that what one instance stored another can read.
 *
 * Implementations never throw for a missing or expired key (they resolve `undefined`). A store that
 * cannot be reached rejects; callers that can work without it fall back to per-instance behaviour.
 */
export interface SharedStore {
  /** `memory` for the in-process default; a networked store names itself (`redis`). */
  readonly kind: string;
  get(key: string): Promise<Uint8Array | undefined>;
  /** Stores `value` under `key` for `ttlMs` milliseconds, replacing what was there. */
  set(key: string, value: Uint8Array, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Stores `value` only when `key` holds nothing; resolves whether it did. Atomic across everyone
   * sharing the store, so one replica can claim a piece of work (a lock) the others then wait for.
   */
  add(key: string, value: Uint8Array, ttlMs: number): Promise<boolean>;
  /**
   * Adds one to the counter at `key` and resolves the new count; a new counter starts at 1 and lives
   * `ttlMs`. Atomic across everyone sharing the store: request budgets count with it.
   */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Entries and bytes held, where the store can tell cheaply; for metrics and `api_status`. */
  stats(): Promise<{ entries: number; bytes: number } | undefined>;
  close(): Promise<void>;
}
