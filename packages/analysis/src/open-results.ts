import { type KeptResults, type KeptSource, OpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { TableSession } from '@opendata-mcp/tabular';
import { LRUCache } from 'lru-cache';
import { loadTabular } from './load-tabular.js';
import { resultTable } from './result-table.js';
import type { TableUnits } from './result-units.js';
import { flattenSources } from './results-source.js';

/** Kept results loaded side by side under the agent's names, ready for queries. */
export interface OpenResults {
  session: TableSession;
  sources: KeptSource[];
  /** Columns added to the tables (labels, period starts). */
  notes: string[];
  /** The earliest expiry among the results: past it the tables are not served any more. */
  expiresAt: number;
  /** Each table's columns (added ones too) and the units its result was kept with. */
  tables: TableUnits[];
}

/** Loaded sets of results a server keeps open: an engine process each, so few, and not for long. */
const MAX_OPEN = 4;
const IDLE_MS = 120_000;

// One cache per server's kept results: a set loaded for one server is never served to another.
const caches = new WeakMap<KeptResults, LRUCache<string, Promise<OpenResults>>>();

function cacheOf(view: KeptResults): LRUCache<string, Promise<OpenResults>> {
  // Each client reads through a view of its own; the loaded sets belong to the server's results.
  const results = view.whole;
  let cache = caches.get(results);
  if (!cache) {
    cache = new LRUCache<string, Promise<OpenResults>>({
      max: MAX_OPEN,
      ttl: IDLE_MS,
      updateAgeOnGet: true,
      ttlAutopurge: true,
      dispose: (opened) => {
        opened.then(
          (o) => o.session.close(),
          () => {},
        );
      },
    });
    caches.set(results, cache);
  }
  return cache;
}

async function load(ctx: ToolContext, named: ReadonlyArray<[string, string]>): Promise<OpenResults> {
  if (!ctx.results.enabled) {
    throw new OpenDataError('not_found', 'This server keeps no results.', {
      hint: 'Its operator turned keeping results off; combine answers some other way.',
    });
  }
  const kept = await Promise.all(named.map(([, id]) => ctx.results.readSerialised(id)));
  const { openTables } = await loadTabular();
  const session = await openTables({
    tables: kept.map((result, i) => resultTable(named[i]?.[0] ?? '', result)),
    limits: {
      maxRows: ctx.limits.maxRows,
      memoryBytes: ctx.limits.maxQueryMemoryBytes,
      queryTimeoutMs: ctx.limits.queryTimeoutMs,
      maxAnswerBytes: ctx.limits.maxAnswerBytes,
      maxEngines: ctx.limits.maxEngines,
      maxEngineMemoryBytes: ctx.limits.maxEngineMemoryBytes,
    },
    signal: ctx.signal,
  });
  // The engine adds derived columns after a table's own.
  const added = (session.tables ?? []).map((table, i) => ({
    name: table.name,
    columns: table.columns.slice(kept[i]?.head.table.columns.length).map((column) => column.name),
  }));
  return {
    session,
    sources: flattenSources(kept.map(({ head }) => head)),
    notes: [
      ...added.flatMap(({ name, columns }) =>
        columns.length > 0 ? [`${name} has added columns: ${columns.join(', ')}.`] : [],
      ),
      ...session.notes,
    ],
    expiresAt: Math.min(...kept.map(({ head }) => Date.parse(head.expires_at))),
    tables: (session.tables ?? []).map((table, i) => ({
      name: table.name,
      columns: table.columns.map((column) => column.name),
      // A result kept before units were kept has none.
      units: kept[i]?.head.table.units ?? {},
    })),
  };
}

/** Closes every set loaded for one server's results (the server is shutting down). */
export async function closeOpenResults(results: KeptResults): Promise<void> {
  const cache = caches.get(results);
  caches.delete(results);
  const opened = [...(cache?.values() ?? [])];
  cache?.clear();
  // Closing twice (here and in `dispose`) is harmless; waiting here means the processes are gone.
  await Promise.allSettled(opened.map((loading) => loading.then((o) => o.session.close())));
}

/**
 * The named results loaded for SQL, reusing a set loaded by an earlier call (paging, a second
 * question over the same tables) while its engine lives and none of its results has expired.
 */
export async function openResults(
  ctx: ToolContext,
  named: ReadonlyArray<[string, string]>,
): Promise<OpenResults> {
  const cache = cacheOf(ctx.results);
  const key = JSON.stringify([...named].sort());
  const cached = cache.get(key);
  if (cached) {
    const opened = await cached.catch(() => undefined);
    if (opened?.session.isOpen() && ctx.clock.now().getTime() < opened.expiresAt) return opened;
    cache.delete(key);
  }
  const loading = load(ctx, named);
  cache.set(key, loading);
  loading.catch(() => cache.delete(key));
  return loading;
}
