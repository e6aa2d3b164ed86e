/** One kept result as the quota ledger counts it. */
interface Held {
  id: string;
  client: string;
  bytes: number;
  expiresAt: number;
}

export interface ClientQuotaLimits {
  /** Bytes and results all clients together may hold: the store's own bounds. */
  maxBytes: number;
  maxResults: number;
  /** Bytes and results one client may hold. */
  clientBytes: number;
  clientResults: number;
}

/**
 * What keeping one more result of a client takes: its own results to evict first, or no room at all;
 * `expired` names results the ledger let go because their time is up, for the store to drop too.
 */
export type Admission = ({ evict: string[] } | { full: true }) & { expired: string[] };

/**
 * The ledger of what each client keeps, so that keeping past one's own share evicts one's own oldest
 * results and never another client's. All results live equally long, so keep order is expiry order:
 * expired ones are found at the front of one queue. It counts what this process kept; replicas
 * sharing a store each count their own.
 */
export function createClientQuotas(limits: ClientQuotaLimits, now: () => number) {
  // Insertion order = keep order, overall and per client.
  const all = new Map<string, Held>();
  const byClient = new Map<string, { bytes: number; ids: Map<string, Held> }>();
  let total = 0;

  function forget(held: Held): void {
    all.delete(held.id);
    total -= held.bytes;
    const own = byClient.get(held.client);
    if (!own) return;
    own.ids.delete(held.id);
    own.bytes -= held.bytes;
    // A client that holds nothing leaves no trace, so the ledger is bounded by the results it counts.
    if (own.ids.size === 0) byClient.delete(held.client);
  }

  function pruneExpired(): string[] {
    const expired: string[] = [];
    for (const held of all.values()) {
      if (held.expiresAt > now()) break;
      forget(held);
      expired.push(held.id);
    }
    return expired;
  }

  return {
    /**
     * The client's own oldest results to evict so that `bytes` more fit, within its share and the
     * store's bounds; `full` when even all of its own would not make room. Forgets expired results,
     * and changes nothing else.
     */
    admit(client: string, bytes: number): Admission {
      const expired = pruneExpired();
      const own = byClient.get(client);
      let ownBytes = own?.bytes ?? 0;
      let ownCount = own?.ids.size ?? 0;
      let allBytes = total;
      let allCount = all.size;
      const evict: string[] = [];
      const over = () =>
        ownBytes + bytes > limits.clientBytes ||
        ownCount + 1 > limits.clientResults ||
        allBytes + bytes > limits.maxBytes ||
        allCount + 1 > limits.maxResults;
      for (const held of own?.ids.values() ?? []) {
        if (!over()) break;
        evict.push(held.id);
        ownBytes -= held.bytes;
        ownCount--;
        allBytes -= held.bytes;
        allCount--;
      }
      return over() ? { full: true, expired } : { evict, expired };
    },
    add(held: Held): void {
      all.set(held.id, held);
      total += held.bytes;
      const own = byClient.get(held.client) ?? { bytes: 0, ids: new Map<string, Held>() };
      own.ids.set(held.id, held);
      own.bytes += held.bytes;
      byClient.set(held.client, own);
    },
    remove(id: string): void {
      const held = all.get(id);
      if (held) forget(held);
    },
  };
}
