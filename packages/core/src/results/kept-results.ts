import type { Clock } from '../contract/context.js';
import type { Cell } from '../envelope/columnar-table.js';
import { shorten } from '../errors/error-body.js';
import { OpenDataError } from '../errors/opendata-error.js';
import { createMemoryStore } from '../store/memory-store.js';
import type { SharedStore } from '../store/shared-store.js';
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
}

export interface KeepRequest {
  table: KeepableTable | SerialisedKeepableTable;
  sources: KeptSource[];
  call: KeptCall;
}

/** `result_id` to put in the answer, or null with a note saying why the table was not kept. */
export type KeepOutcome = { result_id: string } | { result_id: null; result_note: string };

/** The kept results of one server: what tools keep and what `query_results`-like tools read. */
export interface KeptResults {
  readonly ttlMs: number;
  readonly maxResultBytes: number;
  readonly enabled: boolean;
  keep(request: KeepRequest): Promise<KeepOutcome>;
  /** The result named by `id`; `invalid_input` for a malformed id, `not_found` for an unknown or expired one. */
  read(id: string): Promise<KeptResult>;
  /** The same result with its rows left as stored JSON text, for a reader that hands them on unparsed. */
  readSerialised(id: string): Promise<SerialisedKeptResult>;
  stats(): Promise<{ entries: number; bytes: number } | undefined>;
  close(): Promise<void>;
}

// 2: a head line of JSON, then the rows as one JSON array of row arrays.
const FORMAT = 2;
const NEWLINE = 0x0a;
const DEFAULT_TTL_MS = 60 * 60 * 1000;
const DEFAULT_MAX_RESULT_BYTES = 16 * 1024 * 1024;
/** The call behind an expired id is remembered this much longer than the result, for the hint. */
const ORIGIN_GRACE_MS = 24 * 60 * 60 * 1000;

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
  if ('rowsJson' in table) return { ...table, labels: table.labels ?? {} };
  const { columns, rows, labels } = toKeptTable(table);
  return { columns, labels, rowCount: rows.length, rowsJson: JSON.stringify(rows) };
}

/**
 * Keeps tool answers as typed tables in a `SharedStore`, each under an unguessable id scoped to a
 * namespace. A result is a head of JSON (columns, labels, sources, the call that made it) and its rows
 * as JSON text, parsed only by a reader that needs them as values; beside it a small
 * record of the call outlives it, so an expired id can name the call to run again.
 */
export function createKeptResults(options: KeptResultsOptions = {}, clock?: Clock): KeptResults {
  const store = options.store ?? createMemoryStore();
  const ownsStore = options.store === undefined;
  const namespace = options.namespace ?? newNamespace();
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const maxResultBytes = options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES;
  const enabled = options.enabled ?? true;
  const now = () => clock?.now() ?? new Date();
  const key = (id: string) => `opendata-mcp:result:v${FORMAT}:${namespace}:${id}`;
  const originKey = (id: string) => `${key(id)}:call`;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  async function keep(request: KeepRequest): Promise<KeepOutcome> {
    const id = newResultId();
    const created = now();
    const { columns, labels, rowCount, rowsJson } = serialised(request.table);
    const head: KeptResultHead & { format: number } = {
      format: FORMAT,
      result_id: id,
      call: request.call,
      created_at: created.toISOString(),
      expires_at: new Date(created.getTime() + ttlMs).toISOString(),
      table: { columns, labels, row_count: rowCount },
      sources: request.sources,
    };
    // JSON text never holds a raw newline, so the first one ends the head.
    const bytes = encoder.encode(`${JSON.stringify(head)}\n${rowsJson}`);
    if (bytes.byteLength > maxResultBytes) {
      return {
        result_id: null,
        result_note: `Not kept: the table takes ${size(bytes.byteLength)}, over the ${size(maxResultBytes)} a kept result may hold. Filter or aggregate to keep it.`,
      };
    }
    try {
      await store.set(key(id), bytes, ttlMs);
      await store.set(originKey(id), encoder.encode(JSON.stringify(request.call)), ttlMs + ORIGIN_GRACE_MS);
    } catch {
      return { result_id: null, result_note: 'Not kept: the result store could not be reached.' };
    }
    return { result_id: id };
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
    const origin = await store.get(originKey(id)).catch(() => undefined);
    throw expired(id, origin ? (JSON.parse(decoder.decode(origin)) as KeptCall) : undefined);
  }

  async function read(id: string): Promise<KeptResult> {
    const { head, rowsJson } = await readSerialised(id);
    const { row_count: _, ...table } = head.table;
    return { ...head, table: { ...table, rows: JSON.parse(decoder.decode(rowsJson)) as Cell[][] } };
  }

  function expired(id: string, call: KeptCall | undefined): OpenDataError {
    const again = call
      ? `Run ${call.tool} ${shorten(JSON.stringify(call.arguments), 300)} again and use the result_id of its answer.`
      : 'Run the call that gave this id again and use the result_id of its new answer.';
    return new OpenDataError(
      'not_found',
      call
        ? `The result ${id} has expired (results are kept ${minutes(ttlMs)}).`
        : `No kept result ${id}: it expired (results are kept ${minutes(ttlMs)}) or was made by another server.`,
      { hint: again, details: { result_id: id } },
    );
  }

  return {
    ttlMs,
    maxResultBytes,
    enabled,
    keep,
    read,
    readSerialised,
    stats: () => store.stats(),
    close: async () => {
      if (ownsStore) await store.close();
    },
  };
}
