import { isOpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { Fetched, TableHit } from '../api/pxweb-api.js';
import type { PxwebApiFor } from '../api/pxweb-api-for.js';
import type { PxwebRuntime } from '../pxweb-runtime.js';
import { tableCandidates } from './table-candidates.js';
import { tableSearchIndex } from './table-search-index.js';

/**
 * Languages searched when none is asked for: the configured one and at most two more. Each costs
 * the portal one table list the first time (SCB: one request of its 30 per 10 seconds).
 */
const MAX_LANGUAGES = 3;

/** A table the query matched, in the language whose title matched it. */
export interface RankedTable extends TableHit {
  language: string;
  matched_words: string[];
  coverage: number;
  /** Relevance within its language's search, to order hits of equal coverage across languages. */
  score: number;
}

export interface LanguageSearch {
  /** Best first; a table matched in several languages is listed once (see `mergeRankings`). */
  ranked: RankedTable[];
  /** The languages whose table lists were searched, configured one first. */
  languages: string[];
  /** False when some language's list may lack tables (v1 word searches, or a page cap). */
  complete: boolean;
  fetched: Fetched;
}

/**
 * The languages to search: the one asked for, else the configured one followed by the others the
 * portal says it serves. People type questions in their own language, and a portal configured
 * in English still titles its tables in its national language too, where only that language's
 * words match. A portal that cannot say (v1, or a `/config` it fails to answer) is searched in
 * the configured language alone, as before.
 */
export async function languagesToSearch(
  ctx: ToolContext,
  rt: PxwebRuntime,
  apiFor: PxwebApiFor,
  asked: string | undefined,
): Promise<string[]> {
  if (asked) return [asked];
  let offered: string[] | null = null;
  try {
    offered = (await apiFor().configuration(ctx))?.languages ?? null;
  } catch (error) {
    if (!isOpenDataError(error) || ctx.signal.aborted) throw error;
  }
  const others = (offered ?? []).filter((l) => l !== rt.language && /^[a-z]{2}$/.test(l));
  if (offered) rt.portalLanguages = [rt.language, ...others];
  return [rt.language, ...others].slice(0, MAX_LANGUAGES);
}

/**
 * Ranks the portal's tables for the query in each language, then merges the rankings. The first
 * language's failure is the search's; a further language the portal fails to list is left out of
 * the answer and of `languages`, so the answer says exactly what it covers.
 */
export async function searchInLanguages(
  ctx: ToolContext,
  rt: PxwebRuntime,
  apiFor: PxwebApiFor,
  languages: readonly string[],
  query: string,
): Promise<LanguageSearch> {
  const [first = rt.language, ...rest] = languages;
  const primary = await rankIn(ctx, rt, apiFor, first, query);
  const searched = [{ language: first, ...primary }];
  const extra = await Promise.allSettled(rest.map((language) => rankIn(ctx, rt, apiFor, language, query)));
  extra.forEach((settled, i) => {
    if (settled.status === 'fulfilled') searched.push({ language: rest[i] as string, ...settled.value });
  });
  if (searched.length === 1) return { ...primary, languages: [first] };
  return {
    ranked: mergeRankings(searched.map((s) => s.ranked)),
    languages: searched.map((s) => s.language),
    complete: searched.every((s) => s.complete),
    fetched: {
      ...primary.fetched,
      query: { language: 'api', text: searched.map((s) => s.fetched.url).join('\n') },
      fromCache: searched.every((s) => s.fetched.fromCache),
    },
  };
}

async function rankIn(
  ctx: ToolContext,
  rt: PxwebRuntime,
  apiFor: PxwebApiFor,
  language: string,
  query: string,
): Promise<Omit<LanguageSearch, 'languages'>> {
  const found = await tableCandidates(ctx, rt, apiFor(language), language, query);
  const byId = new Map(found.tables.map((t) => [t.id, t]));
  const ranked = (await tableSearchIndex(found.tables, language, ctx.signal))
    .search(query, { limit: found.tables.length })
    .flatMap((hit): RankedTable[] => {
      const table = byId.get(hit.id);
      return table
        ? [{ ...table, language, matched_words: hit.matchedWords, coverage: hit.coverage, score: hit.score }]
        : [];
    });
  return { ranked, complete: found.complete, fetched: found.fetched };
}

/**
 * Merges rankings that are each best first, keeping each one's own order. A table matched in
 * several languages is listed once, where it covers most of the query, in the earlier language when
 * it covers as much in both. The next hit is then the head covering most of the query, then scoring
 * highest, then from the earlier language.
 */
export function mergeRankings(rankings: readonly (readonly RankedTable[])[]): RankedTable[] {
  const chosen = new Map<string, RankedTable>();
  for (const ranking of rankings)
    for (const hit of ranking) {
      const held = chosen.get(hit.id);
      if (!held || hit.coverage > held.coverage) chosen.set(hit.id, hit);
    }
  const kept = rankings.map((ranking) => ranking.filter((hit) => chosen.get(hit.id) === hit));
  const next = kept.map(() => 0);
  const merged: RankedTable[] = [];
  for (;;) {
    let pick = -1;
    let best: RankedTable | undefined;
    kept.forEach((ranking, i) => {
      const head = ranking[next[i] as number];
      if (
        head &&
        (!best ||
          head.coverage > best.coverage ||
          (head.coverage === best.coverage && head.score > best.score))
      ) {
        pick = i;
        best = head;
      }
    });
    if (!best) return merged;
    next[pick] = (next[pick] as number) + 1;
    merged.push(best);
  }
}
