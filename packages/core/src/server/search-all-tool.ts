import { z } from 'zod';
import type { Adapter } from '../contract/adapter.js';
import type { ToolContext } from '../contract/context.js';
import { limitParam, NextOffsetSchema, nextOffset, offsetParam } from '../contract/paging.js';
import { defineTool, READ_ONLY_OPEN_WORLD } from '../contract/tool.js';
import { toErrorBody } from '../errors/error-body.js';
import { describeLanguages, describeLeftOut, describeWeakHits } from './describe-languages.js';
import { type PlaceCoverage, withPlaceCoverage } from './hit-coverage.js';
import { placeWordShare, questionPlace } from './question-place.js';
import { type RankedHit, rankHits, type ScoredHit } from './rank-hits.js';
import { serverSource } from './server-source.js';

// A backend that has not answered by then is reported as failed; the others still answer.
const SEARCH_TIMEOUT_MS = 20_000;
const DESCRIPTION_CHARS = 160;
// Fewer hits than this, and the answer says which languages to ask again in.
const FEW_HITS = 3;

const HitSchema = z.object({
  adapter_id: z.string().describe('The configured backend instance that found it.'),
  backend: z.string().describe('Backend kind: lindas, ckan, sdmx …'),
  kind: z.string().describe('What it is: cube, dataset, dataflow, indicator …'),
  id: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable().describe(`First ${DESCRIPTION_CHARS} characters.`),
  publisher: z.string().nullable(),
  matched_words: z
    .array(z.string())
    .describe(
      'Words of the query this hit matched (in any form or language); empty when the backend matched on words it does not show.',
    ),
  coverage: z.number().describe('Share of the query words matched, 0..1: hits are ordered by it first.'),
  place_coverage: z
    .object({
      place: z.string().describe('The place name found in the query.'),
      place_ids: z.array(z.string()).describe('Gazetteer ids it names (resolve_place tells more).'),
      period: z.string().nullable().describe('The year the query names, if any.'),
      has_data: z
        .boolean()
        .nullable()
        .describe('Whether this hit holds data for the place (and year): null when unknown.'),
    })
    .optional()
    .describe('Only when the query names a place; hits known to lack it come after the others.'),
  open: z
    .object({ tool: z.string(), arguments: z.record(z.string(), z.unknown()) })
    .describe('The call that shows its structure: pass it on as it is.'),
});

const BackendSchema = z.object({
  adapter_id: z.string(),
  backend: z.string(),
  status: z
    .enum(['answered', 'failed', 'cannot_search'])
    .describe('"failed": the backend did not answer, so a miss there means nothing.'),
  hits: z.number().describe('Hits this backend returned.'),
  kept: z.number().describe('Of those, hits in the list: the others were far weaker than the best hit.'),
  languages: z
    .array(z.string())
    .nullable()
    .describe('Languages its names and descriptions are written in; null when it does not say.'),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

/**
 * One search over every configured backend that can search (the adapter contract's optional
 * `search`), merged and ranked, each hit with the call that opens it; backends that fail are named.
 */
export function createSearchAllTool(
  adapters: ReadonlyArray<Adapter>,
  contextFor: (adapter: Adapter, signal: AbortSignal) => ToolContext,
  toolNameOf: (adapter: Adapter, localName: string) => string,
) {
  return defineTool({
    name: 'search_all',
    title: 'Search every backend',
    description:
      'Start here when you do not know which backend holds the answer: one search over the cubes, tables, ' +
      'datasets, dataflows and indicators of all backends. Plain words in any language listed per backend; ' +
      "every word optional, hits covering more come first (matched_words). A hit's " +
      'open is the call that shows its structure; place_coverage says whether it holds the place the query ' +
      'names. A backend that failed or cannot_search was not searched: no hit there proves nothing.',
    input: z
      .object({
        query: z
          .string()
          .trim()
          .min(2)
          .max(200)
          .describe(
            'Words to look for, best in a language of the metadata (2..200 chars), e.g. "waldbrand".',
          ),
        language: z
          .string()
          .regex(/^[a-z]{2}$/)
          .optional()
          .describe('Language of names, e.g. "fr" (default: each backend’s own).'),
        limit: limitParam('Hits', 50, 10),
        offset: offsetParam('Hits', 200),
      })
      .strict(),
    output: z.object({
      query: z.string(),
      hits: z.array(HitSchema),
      backends: z.array(BackendSchema).describe('Every configured backend and whether it answered.'),
      hint: z
        .string()
        .nullable()
        .describe('When even the best hit is partial, or hits are few: why, and what to ask instead.'),
      all_answered: z
        .boolean()
        .describe('False when a backend failed or cannot search: its hits are missing, not absent.'),
      returned: z.number(),
      truncated: z.boolean().describe('True when more hits may exist than returned.'),
      total_matched: z.number().nullable().describe('Hits found in all; null when a backend may hold more.'),
      next_offset: NextOffsetSchema,
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { query: 'waldbrand' },
    async execute(input, ctx) {
      const wanted = input.offset + input.limit;
      const searchOne = async (adapter: Adapter) => {
        if (!adapter.search) return { status: 'cannot_search' as const, hits: [], error: null, full: false };
        const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(SEARCH_TIMEOUT_MS)]);
        try {
          const found = await adapter.search(
            { query: input.query, limit: wanted, ...(input.language ? { language: input.language } : {}) },
            contextFor(adapter, signal),
          );
          const hits: RankedHit[] = found.slice(0, wanted).map((hit, rank) => ({
            ...hit,
            adapterId: adapter.id,
            backend: adapter.backend,
            rank,
            lang: hit.language ?? adapter.languages?.[0] ?? '',
            open: { tool: toolNameOf(adapter, hit.open.tool), arguments: hit.open.arguments },
          }));
          return { status: 'answered' as const, hits, error: null, full: found.length >= wanted };
        } catch (error) {
          const body = toErrorBody(error);
          return {
            status: 'failed' as const,
            hits: [],
            error: { code: body.code, message: body.message },
            full: false,
          };
        }
      };
      const outcomes = await Promise.all(
        adapters.map(async (adapter) => {
          const outcome = await searchOne(adapter);
          return {
            adapter_id: adapter.id,
            backend: adapter.backend,
            // Read once the search is over: a search may learn the languages the portal offers.
            languages: adapter.languages ? [...adapter.languages] : null,
            ...outcome,
          };
        }),
      );
      const question = questionPlace(input.query);
      // A place of several words counts as one: "states" alone in a hit is not "United States".
      const ranked = rankHits(
        outcomes.flatMap((o) => o.hits),
        input.query,
        question ? { wholeNames: [question.text] } : {},
      );
      const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(SEARCH_TIMEOUT_MS)]);
      const ordered: Array<ScoredHit & { placeCoverage?: PlaceCoverage }> = question
        ? [
            ...(await withPlaceCoverage(ranked.slice(0, wanted), question, adapters, (a) =>
              contextFor(a, signal),
            )),
            ...ranked.slice(wanted),
          ]
        : ranked;
      const page = ordered.slice(input.offset, wanted);
      const keptOf = (adapterId: string) => ranked.filter((h) => h.adapterId === adapterId).length;
      // A backend with more to give adds to the list only if its weakest hit so far made it in.
      const more = outcomes.some(
        (o) => o.full && ranked.some((h) => h.adapterId === o.adapter_id && h.rank === o.hits.length - 1),
      );
      const truncated = ranked.length > wanted || more;
      const tallies = outcomes.map(({ hits, full: _full, ...o }) => ({
        ...o,
        hits: hits.length,
        kept: keptOf(o.adapter_id),
      }));
      return {
        data: {
          query: input.query,
          hits: page.map((h) => ({
            adapter_id: h.adapterId,
            backend: h.backend,
            kind: h.kind,
            id: h.id,
            title: h.title,
            description: shorten(h.description ?? null),
            publisher: h.publisher ?? null,
            matched_words: h.matchedWords,
            coverage: h.coverage,
            ...(h.placeCoverage ? { place_coverage: h.placeCoverage } : {}),
            open: h.open,
          })),
          backends: tallies,
          hint: searchHint(ranked, outcomes, tallies, question ? placeWordShare(input.query, question) : 0),
          all_answered: outcomes.every((o) => o.status === 'answered'),
          returned: page.length,
          truncated,
          total_matched: truncated ? null : ranked.length,
          next_offset: nextOffset(input.offset, page.length, truncated),
        },
        source: serverSource(ctx.clock, {
          title: `Search of every backend for «${input.query}»`,
          accessMethod: 'federated_search',
          identifiers: { search: input.query },
        }),
      };
    },
  });
}

function shorten(text: string | null): string | null {
  return text && text.length > DESCRIPTION_CHARS ? `${text.slice(0, DESCRIPTION_CHARS - 1)}…` : text;
}

/**
 * What the answer says beyond its hits: that even the best covers only part of the question, and,
 * when hits are few, the backends' languages and which backends' hits were left out.
 */
function searchHint(
  ranked: Parameters<typeof describeWeakHits>[0],
  outcomes: Parameters<typeof describeLanguages>[0],
  tallies: Parameters<typeof describeLeftOut>[0],
  placeShare: number,
): string | null {
  const few = ranked.length < FEW_HITS;
  const parts = [
    describeWeakHits(ranked, placeShare),
    few ? describeLanguages(outcomes) : null,
    few ? describeLeftOut(tallies) : null,
  ].filter((p) => p !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}
