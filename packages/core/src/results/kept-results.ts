import type { Clock } from '../contract/context.js';
import type { Cell } from '../envelope/columnar-table.js';
import { shorten } from '../errors/error-body.js';
import { OpenDataError } from '../errors/opendata-error.js';
import { createMemoryStore } from '../store/memory-store.js';
import type { SharedStore } from '../store/shared-store.js';
import { createClientQuotas } from './client-quotas.js';
import { toKeptTable } from './keepable-table.js';
import type {
  KeepableTable,
  KeptCall,
  KeptResult,
  KeptResultHead,
  KeptSource,
  SerialisedKeepableTable,
  SerialisedKeptResult,
} from './kept-table.js';
import { newNamespace, newResultId, RESULT_ID_PATTERN } from './result-id.js';

export interface KeptResultsOptions {
  /** Where kept results live; an in-memory store of this process by default. */
  store?: SharedStore;
  /**
   * Scope of the ids: results are found only by servers of the same namespace. Replicas sharing a
   * store share results by sharing a namespace; by default each server has a random one of its own.
   */
  namespace?: string;
  /** How long a result is kept after the call that made it. Default 1 hour. */
  ttlMs?: number;
  /** Largest serialised result kept; a larger table is answered but not kept. Default 16 MiB. */
  maxResultBytes?: number;
  /** `false` keeps nothing: answers carry no `result_id`. Default true. */
  enabled?: boolean;
  /** Bytes all kept results may take together. Default 256 MiB. */
  maxBytes?: number;
  /** Results kept at once. Default 10 000. */
  maxResults?: number;
  /**
   * Share of `maxBytes` and `maxResults` one client may hold (0 to 1): keeping past it evicts that
   * client's own oldest results, never another's. Default 0.25.
   */
  clientShare?: number;
}

export interface KeepRequest {
  table: KeepableTable | SerialisedKeepableTable;
  sources: KeptSource[];
  call: KeptCall;
  /** Who keeps it (an MCP session, a connection): the share it counts against. One shared client by default. */
  client?: string;
}

/** `result_id` to put in the answer, or null with a note saying why the table was not kept. */
export type KeepOutcome = { result_id: string } | { result_id: null; result_note: string };

/** The kept results of one server: what tools keep and what `query_results`-like tools read. */
export interface KeptResults {
  readonly ttlMs: number;
  readonly maxResultBytes: number;
  readonly enabled: boolean;
  keep(request: KeepRequest): Promise<KeepOutcome>;
  /** The result named by `id`; `invalid_input` for a malformed id, `not_found` for an unknown, expired or evicted one. */
  read(id: string): Promise<KeptResult>;
  /** The same result with its rows left as stored JSON text, for a reader that hands them on unparsed. */
  readSerialised(id: string): Promise<SerialisedKeptResult>;
  stats(): Promise<{ entries: number; bytes: number } | undefined>;
  /** The same results, with what is kept through it counted against `client`'s share. */
  forClient(client: string): KeptResults;
  /**
   * The server's results this is a view of (itself for the server's own): one identity for every
   * client's view, so what a reader loads from the results is found again by the next call.
   */
  readonly whole: KeptResults;
  close(): Promise<void>;
}

// 2: a head line of JSON, then the rows as one JSON array of row arrays.
const FORMAT = 2;
const NEWLINE = 0x0a;
const DEFAULT_TTL_MS = 60 * 60 * 1000;
const DEFAULT_MAX_RESULT_BYTES = 16 * 1024 * 1024;
/** The call behind an expired id is remembered this much longer than the result, for the hint. */
const ORIGIN_GRACE_MS = 24 * 60 * 60 * 1000;
const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;
const DEFAULT_MAX_RESULTS = 10_000;
const DEFAULT_CLIENT_SHARE = 0.25;
const SHARED_CLIENT = 'shared';

function size(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MiB`
    : `${Math.ceil(bytes / 1024)} KiB`;
}

function minutes(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} minutes` : `${Math.round(ms / 1000)} s`;
}

/** A table to keep as typed columns and the JSON text of its rows. */
function serialised(table: KeepableTable | SerialisedKeepableTable): Required<SerialisedKeepableTable> {
  if ('rowsJson' in table) return { ...table, labels: table.labels ?? {}, units: table.units ?? {} };
  const { columns, rows, labels, units = {} } = toKeptTable(table);
  return { columns, labels, units, rowCount: rows.length, rowsJson: JSON.stringify(rows) };
}

/**
 * Keeps tool answers as typed tables in a `SharedStore`, each under an unguessable id scoped to a
 * namespace. A result is a head of JSON (columns, labels, units, sources, the call that made it) and its rows
 * as JSON text, parsed only by a reader that needs them as values; beside it a small
 * record of the call outlives it, so an expired id can name the call to run again, and an id evicted
 * to make room is remembered as such. Each client holds at most its share of the store: one client
 * keeping many large results evicts its own oldest, and when the store is full of other clients'
 * results a new one is answered but not kept, so no client can push out another's.
 */
export function createKeptResults(options: KeptResultsOptions = {}, clock?: Clock): KeptResults {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxResults = options.maxResults ?? DEFAULT_MAX_RESULTS;
  const share = Math.min(1, Math.max(0, options.clientShare ?? DEFAULT_CLIENT_SHARE));
  const clientBytes = Math.floor(maxBytes * share);
  const clientResults = Math.max(1, Math.floor(maxResults * share));
  // Sized to the quotas, so the store's own LRU never has to choose whose result goes; the notes
  // (calls behind ids, evictions) live beside it, where they cannot push a result out.
  const store = options.store ?? createMemoryStore({ maxBytes, maxEntries: maxResults });
  const notes =
    options.store ?? createMemoryStore({ maxBytes: 32 * 1024 * 1024, maxEntries: 4 * maxResults });
  const ownsStore = options.store === undefined;
  const namespace = options.namespace ?? newNamespace();
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const maxResultBytes = options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES;
  const enabled = options.enabled ?? true;
  const now = () => clock?.now() ?? new Date();
  const key = (id: string) => `opendata-mcp:result:v${FORMAT}:${namespace}:${id}`;
  const originKey = (id: string) => `${key(id)}:call`;
  const evictedKey = (id: string) => `${key(id)}:evicted`;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const quotas = createClientQuotas({ maxBytes, maxResults, clientBytes, clientResults }, () =>
    now().getTime(),
  );
  const perClient = `${size(clientBytes)} and ${clientResults} results per client`;

  async function keep(request: KeepRequest): Promise<KeepOutcome> {
    const id = newResultId();
    const created = now();
    const { columns, labels, units, rowCount, rowsJson } = serialised(request.table);
    const head: KeptResultHead & { format: number } = {
      format: FORMAT,
      result_id: id,
      call: request.call,
      created_at: created.toISOString(),
      expires_at: new Date(created.getTime() + ttlMs).toISOString(),
      // Units only when some column has one, so a table without them is stored as before.
      table: { columns, labels, ...(Object.keys(units).length > 0 ? { units } : {}), row_count: rowCount },
      sources: request.sources,
    };
    // JSON text never holds a raw newline, so the first one ends the head.
    const bytes = encoder.encode(`${JSON.stringify(head)}\n${rowsJson}`);
    const largest = Math.min(maxResultBytes, clientBytes);
    if (bytes.byteLength > largest) {
      return {
        result_id: null,
        result_note: `Not kept: the table takes ${size(bytes.byteLength)}, over the ${size(largest)} a kept result may hold. Filter or aggregate to keep it.`,
      };
    }
    const client = request.client ?? SHARED_CLIENT;
    const admission = quotas.admit(client, bytes.byteLength);
    // Expired by the ledger's clock: dropped from the store too, whose own clock may not agree yet.
    for (const old of admission.expired) void store.delete(key(old)).catch(() => undefined);
    if ('full' in admission) {
      return {
        result_id: null,
        result_note: `Not kept: the result store is full with other clients' results (at most ${size(maxBytes)} and ${maxResults} results in all); they expire within ${minutes(ttlMs)}.`,
      };
    }
    // Counted before any await, so two keeps of one client at once cannot both take the last room.
    for (const old of admission.evict) quotas.remove(old);
    quotas.add({ id, client, bytes: bytes.byteLength, expiresAt: created.getTime() + ttlMs });
    try {
      for (const old of admission.evict) await evict(old);
      await store.set(key(id), bytes, ttlMs);
      await notes.set(originKey(id), encoder.encode(JSON.stringify(request.call)), ttlMs + ORIGIN_GRACE_MS);
    } catch {
      quotas.remove(id);
      return { result_id: null, result_note: 'Not kept: the result store could not be reached.' };
    }
    return { result_id: id };
  }

  /** Removes a result to make room for its own client's next one, leaving a mark that says so. */
  async function evict(id: string): Promise<void> {
    await notes.set(evictedKey(id), encoder.encode(now().toISOString()), ttlMs + ORIGIN_GRACE_MS);
    await store.delete(key(id));
  }

  async function readSerialised(id: string): Promise<SerialisedKeptResult> {
    if (!RESULT_ID_PATTERN.test(id)) {
      throw new OpenDataError('invalid_input', `"${shorten(id, 40)}" is not a result id.`, {
        hint: 'Pass a result_id exactly as an earlier answer gave it (22 characters).',
      });
    }
    const bytes = await store.get(key(id)).catch((error: unknown) => {
      throw new OpenDataError('upstream_unavailable', 'The result store could not be reached.', {
        hint: 'Try again shortly.',
        cause: error,
      });
    });
    if (bytes) {
      const end = bytes.indexOf(NEWLINE);
      return {
        head: JSON.parse(decoder.decode(bytes.subarray(0, end))) as KeptResultHead,
        rowsJson: bytes.subarray(end + 1),
      };
    }
    const [origin, evicted] = await Promise.all([
      notes.get(originKey(id)).catch(() => undefined),
      notes.get(evictedKey(id)).catch(() => undefined),
    ]);
    throw gone(
      id,
      origin ? (JSON.parse(decoder.decode(origin)) as KeptCall) : undefined,
      evicted !== undefined,
    );
  }

  async function read(id: string): Promise<KeptResult> {
    const { head, rowsJson } = await readSerialised(id);
    const { row_count: _, ...table } = head.table;
    return { ...head, table: { ...table, rows: JSON.parse(decoder.decode(rowsJson)) as Cell[][] } };
  }

  function gone(id: string, call: KeptCall | undefined, evicted: boolean): OpenDataError {
    const again = call
      ? `Run ${call.tool} ${shorten(JSON.stringify(call.arguments), 300)} again and use the result_id of its answer.`
      : 'Run the call that gave this id again and use the result_id of its new answer.';
    const message = evicted
      ? `The result ${id} was evicted to make room for newer results of the same client (this server keeps at most ${perClient}).`
      : call
        ? `The result ${id} expired after ${minutes(ttlMs)}, as every kept result does.`
        : `No kept result ${id}: it expired (results are kept ${minutes(ttlMs)}) or was made by another server.`;
    return new OpenDataError('not_found', message, { hint: again, details: { result_id: id } });
  }

  const results: KeptResults = {
    ttlMs,
    maxResultBytes,
    enabled,
    keep,
    read,
    readSerialised,
    stats: () => store.stats(),
    forClient: (client) => ({ ...results, keep: (request) => keep({ ...request, client }) }),
    get whole() {
      return results;
    },
    close: async () => {
      if (!ownsStore) return;
      await store.close();
      await notes.close();
    },
  };
  return results;
}
