import { analyzeQuery, type QueryRecord, type ToolContext } from '@opendata-mcp/core';
import type { Fetched, PxwebApi, TableHit } from '../api/pxweb-api.js';
import type { PxwebRuntime } from '../pxweb-runtime.js';

/** The tables a search ranks, and how they were fetched. */
export interface TableCandidates {
  tables: TableHit[];
  /** False when tables may exist that are not among these. */
  complete: boolean;
  fetched: Fetched;
}

interface CachedList {
  tables: TableHit[];
  complete: boolean;
  url: string;
  query: QueryRecord;
  fetchedAt: string;
}

// v1 has no bulk listing: the portal is asked once per word (this many at most), each hit list this long.
const MAX_WORDS = 6;
const HITS_PER_WORD = 500;

/**
 * The tables to rank for a query: on v2 the whole table list of the language, cached for the
 * metadata TTL (one list per language, so the index over it is built once); on v1, the union of
 * the portal's own search for each word of the query, so every word stays optional.
 */
export async function tableCandidates(
  ctx: ToolContext,
  rt: PxwebRuntime,
  api: PxwebApi,
  language: string,
  query: string,
): Promise<TableCandidates> {
  const load = async (): Promise<CachedList | null> => {
    const all = await api.listAll(ctx);
    if (!all) return null;
    const { tables, complete, url, query: record, fetchedAt } = all;
    return { tables, complete, url, query: record, fetchedAt: fetchedAt.toISOString() };
  };
  // A TTL of 0 means ask the portal every time: nothing is kept.
  const { value, hit } =
    rt.ttlMs > 0
      ? await ctx.cache.getOrLoad(`pxweb:tables:${rt.baseUrl}:${language}`, rt.ttlMs, load)
      : { value: await load(), hit: false };
  if (value) {
    const fetched = {
      url: value.url,
      query: value.query,
      fetchedAt: new Date(value.fetchedAt),
      fromCache: hit,
    };
    return { tables: value.tables, complete: value.complete, fetched };
  }
  return searchEachWord(ctx, api, language, query);
}

async function searchEachWord(
  ctx: ToolContext,
  api: PxwebApi,
  language: string,
  query: string,
): Promise<TableCandidates> {
  const words = analyzeQuery(query, [language])
    .map((w) => w.word)
    .slice(0, MAX_WORDS);
  const answers = await Promise.all(words.map((word) => api.search(ctx, word, HITS_PER_WORD)));
  const byId = new Map<string, TableHit>();
  for (const answer of answers)
    for (const table of answer.tables) if (!byId.has(table.id)) byId.set(table.id, table);
  const [first] = answers;
  const fetched: Fetched = first
    ? {
        ...first,
        query: { language: 'api', text: answers.map((a) => a.url).join('\n') },
        fromCache: answers.every((a) => a.fromCache),
      }
    : { url: '', query: { language: 'api', text: '' }, fetchedAt: ctx.clock.now(), fromCache: false };
  const complete = answers.every((a) => a.total !== null && a.total <= HITS_PER_WORD);
  return { tables: [...byId.values()], complete, fetched };
}
