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
  /** Entries and bytes held, where the store can tell cheaply; for metrics and `api_status`. */
  stats(): Promise<{ entries: number; bytes: number } | undefined>;
  close(): Promise<void>;
}
