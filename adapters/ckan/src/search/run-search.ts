import type { ToolContext } from '@opendata-mcp/core';
import type { CkanRuntime } from '../ckan-runtime.js';
import type { ActionAnswer } from '../portal/ckan-client.js';
import type { CkanPackage } from '../portal/ckan-types.js';
import { looseQuery, questionLanguages, questionWords } from './question-words.js';
import { type RankedPackage, rankCandidates } from './rank-candidates.js';

type SearchAnswer = ActionAnswer<{ count: number; results: CkanPackage[] }>;

export interface SearchRequest {
  query: string;
  fq: string;
  limit: number;
  offset: number;
}

export interface SearchOutcome {
  hits: RankedPackage[];
  /** The portal's count for the query the hits come from, or null when it does not count them. */
  total: number | null;
  truncated: boolean;
  /** Every `q` sent, in order. */
  queries: string[];
  first: SearchAnswer;
  note: string | null;
}

/** Fewer hits than this for the question's words, and a looser second query is sent. */
export const LOOSEN_BELOW = 3;
/** How many hits of the looser query are ranked here: its best by the portal's own score. */
export const LOOSE_WINDOW = 50;

const countOf = (answer: SearchAnswer) =>
  typeof answer.result.count === 'number' ? answer.result.count : null;

/**
 * Searches the portal the way it answers best: the question's words without stop words or syntax,
 * which CKAN hands to dismax (most words must match, field weights apply). When that finds fewer
 * than LOOSEN_BELOW datasets (a single word: none), one looser query follows (any word, folded forms, stem prefixes,
 * other languages' words); what it adds comes after, ranked here by how much of the question each
 * dataset covers. At most two package_search requests; `*` lists everything in one.
 */
export async function runSearch(
  rt: CkanRuntime,
  ctx: ToolContext,
  req: SearchRequest,
): Promise<SearchOutcome> {
  const languages = questionLanguages(rt.quirks.languages, req.query);
  const listAll = req.query.trim() === '*';
  const { words, looseTerms } = questionWords(req.query, languages);
  const q = listAll ? '*:*' : words.join(' ');
  const window = Math.min(LOOSE_WINDOW, rt.quirks.search_rows_max);
  const search = (params: { q: string; rows: number; start: number }) =>
    rt.client.action<SearchAnswer['result']>(ctx, 'package_search', { ...params, fq: req.fq });
  // Early pages are read from the start, so a loosened answer knows every dataset that matched most
  // words, whichever page is asked: each page of it is cut from the same ranked list.
  const fromStart = req.offset + req.limit <= window;
  const start = fromStart ? 0 : req.offset;
  const rows = fromStart ? Math.max(req.offset + req.limit, LOOSEN_BELOW) : req.limit;
  const first = await search({ q, rows: Math.min(rows, rt.quirks.search_rows_max), start });
  const count = countOf(first);
  const all = first.result.results ?? [];
  const page = all.slice(req.offset - start, req.offset - start + req.limit);
  // A single word that found something found what it names; without other forms there is nothing looser.
  const looser = words.length > 1 || (looseTerms.length > words.length && count === 0);
  const loosen = !listAll && looser && count !== null && count < LOOSEN_BELOW;
  if (!loosen) {
    const hits = listAll
      ? page.map((pkg) => ({ pkg, matchedWords: [] }))
      : rankCandidates(req.query, page, languages, true);
    const truncated = count === null ? page.length >= req.limit : req.offset + page.length < count;
    return { hits, total: count, truncated, queries: [q], first, note: null };
  }
  const loose = await search({ q: looseQuery(looseTerms), rows: window, start: 0 });
  const looseCount = countOf(loose);
  // Datasets matching most words come first, ranked among themselves; then the looser query's finds.
  const strict = rankCandidates(req.query, all, languages, true);
  const known = new Set(all.map((p) => p.id));
  const extra = (loose.result.results ?? []).filter((p) => !known.has(p.id) && known.add(p.id));
  const ranked = [...strict, ...rankCandidates(req.query, extra, languages, false)];
  const hits = ranked.slice(req.offset, req.offset + req.limit);
  const cut = looseCount !== null && looseCount > window;
  return {
    hits,
    total: cut ? null : ranked.length,
    truncated: req.offset + hits.length < ranked.length,
    queries: [q, looseQuery(looseTerms)],
    first,
    note: loosenedNote(
      count,
      ranked.length - strict.length,
      cut ? { found: looseCount, ranked: window } : null,
    ),
  };
}

/** What the looser query did, in words: how many matched most words, and what it added, if anything. */
function loosenedNote(
  strict: number,
  added: number,
  cut: { found: number | null; ranked: number } | null,
): string {
  // The portal's own search, not matched_words: it reads the words as written, so an inflected
  // word it missed can still count as matched below, and the note must not seem to contradict it.
  const first =
    strict === 0
      ? "The portal's own search found no dataset with most of the words as written"
      : `The portal's own search found only ${strict} dataset(s) with most of the words as written`;
  const sent =
    "so a second, looser query (any of the words, their stems and other languages' words for them) was sent";
  if (added === 0) return `${first}, ${sent}; it found nothing more that covers enough of the question.`;
  const found =
    strict === 0 ? `${added} dataset(s) it found are listed` : `${added} more dataset(s) it found follow`;
  const more = `; ${found}, each with matched_words for how much of the question it covers (those far below the best of them left out).`;
  return `${first}, ${sent}${more}${cut ? ` The portal found ${cut.found} loose matches; the best ${cut.ranked} by its own score were ranked.` : ''}`;
}
