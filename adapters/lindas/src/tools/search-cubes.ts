import {
  defineTool,
  limitParam,
  NextOffsetSchema,
  nextOffset,
  offsetParam,
  READ_ONLY_OPEN_WORLD,
} from '@opendata-mcp/core';
import { z } from 'zod';
import { collapseVersions } from '../cube/collapse-versions.js';
import { isPublished, loadCubeCatalogue } from '../cube/cube-catalogue.js';
import { cubeSearchIndex } from '../cube/cube-search-index.js';
import { pickLabel } from '../language.js';
import type { LindasRuntime } from '../lindas-runtime.js';
import { lindasSource } from '../lindas-source.js';
import { LanguageInputSchema } from './tool-inputs.js';

export function searchCubesTool(rt: LindasRuntime) {
  return defineTool({
    name: 'search_cubes',
    title: 'Search LINDAS cubes',
    description:
      'Start here. Finds cubes of the Swiss federal linked-data service by words of their names or ' +
      'descriptions (de, fr, it, en); every word is optional, word forms and compounds match, cubes ' +
      'covering more come first (matched_words). Published cubes (drafts if they match more), newest ' +
      'version, by default; narrow with publisher_id. Pass a cube_id to get_cube_structure or ' +
      'query_cube_observations.',
    input: z
      .object({
        query: z
          .string()
          .trim()
          .min(2)
          .max(200)
          .describe('Words to look for, in any of the four languages, case-insensitive (2..200 chars).'),
        language: LanguageInputSchema,
        publisher_id: z
          .string()
          .max(2000)
          .optional()
          .describe('A publisher_id from list_publishers (default: every publisher).'),
        limit: limitParam('Cubes', 100, 20),
        offset: offsetParam('Cubes'),
        latest_only: z.boolean().default(true).describe('Newest version per cube only (default true).'),
      })
      .strict(),
    output: z.object({
      query: z.string(),
      language: z.string(),
      latest_only: z.boolean(),
      cubes: z.array(
        z.object({
          cube_id: z.string(),
          name: z.string().nullable(),
          description: z.string().nullable(),
          creator: z.string().nullable(),
          version: z.string().nullable(),
          status: z.string().nullable(),
          matched_words: z
            .array(z.string())
            .describe('Words of the query its names or descriptions matched.'),
          coverage: z
            .number()
            .describe('Share of the query words matched, 0..1: cubes are ordered by it first.'),
        }),
      ),
      returned: z.number(),
      truncated: z
        .boolean()
        .describe('True when more cubes matched than returned, or that could not be ruled out.'),
      total_matched: z
        .number()
        .nullable()
        .describe('Matching cubes in the same unit as returned; null when no exact count is available.'),
      next_offset: NextOffsetSchema,
      match_type: z
        .enum(['words', 'none'])
        .describe(
          '"words" when cubes matched some words of the query; "none" when nothing matched: a real miss, not an error.',
        ),
      suggestion: z.string().nullable().describe('What to try next when nothing matched.'),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { query: 'waldbrand' },
    deprecatedAliases: { creator_uri: 'publisher_id' },
    async execute(input, ctx) {
      const language = input.language ?? rt.language;
      const { catalogue, cacheHit } = await loadCubeCatalogue(ctx, rt.endpoint);
      const byId = new Map(catalogue.cubes.map((cube) => [cube.cube_id, cube]));
      const hits = (await cubeSearchIndex(catalogue, ctx.signal)).search(input.query, {
        limit: catalogue.cubes.length,
      });
      const matches = hits.flatMap((hit) => {
        const cube = byId.get(hit.id);
        if (!cube || (input.publisher_id && cube.creator !== input.publisher_id)) return [];
        return [{ cube, hit }];
      });
      // A draft is listed only where it covers more of the question than any published cube does.
      const bestPublished = matches.reduce(
        (best, m) => (isPublished(m.cube) ? Math.max(best, m.hit.coverage) : best),
        0,
      );
      const listed = matches.filter((m) => isPublished(m.cube) || m.hit.coverage > bestPublished);
      const drafts = listed.some((m) => !isPublished(m.cube));
      const rows = listed.map(({ cube, hit }) => ({
        cube_id: cube.cube_id,
        name: pickLabel(cube.names, language)?.value ?? null,
        description: pickLabel(cube.descriptions, language)?.value ?? null,
        creator: cube.creator,
        version: cube.version,
        status: cube.status,
        matched_words: hit.matchedWords,
        coverage: hit.coverage,
      }));
      const candidates = input.latest_only ? collapseVersions(rows) : rows;
      const cubes = candidates.slice(input.offset, input.offset + input.limit);
      const more = !catalogue.complete || candidates.length > input.offset + input.limit;
      const total = catalogue.complete ? candidates.length : null;
      return {
        data: {
          query: input.query,
          language,
          latest_only: input.latest_only,
          cubes,
          returned: cubes.length,
          truncated: more,
          next_offset: nextOffset(input.offset, cubes.length, more),
          total_matched: total,
          match_type: candidates.length > 0 ? ('words' as const) : ('none' as const),
          suggestion: searchSuggestion(candidates.length, drafts),
        },
        source: lindasSource(rt, {
          query: catalogue.query,
          retrievedAt: new Date(catalogue.fetchedAt),
          fromCache: cacheHit,
          identifiers: { search: input.query },
          title: `LINDAS cube search «${input.query}»`,
        }),
      };
    },
  });
}

/** What to do next: when nothing matched, and when drafts are listed (their figures may change). */
function searchSuggestion(matched: number, drafts: boolean): string | null {
  if (matched === 0)
    return 'No cube, published or draft, has these words in a name or description. Try other words (German, French, Italian or English), or list_publishers to browse by publisher.';
  if (drafts)
    return 'Only drafts cover this much of the question (status …/Draft): a draft is not published yet, and its figures may still change.';
  return null;
}
