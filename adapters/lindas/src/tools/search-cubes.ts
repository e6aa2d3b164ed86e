import {
  defineTool,
  limitParam,
  NextOffsetSchema,
  nextOffset,
  offsetParam,
  READ_ONLY_OPEN_WORLD,
} from '@opendata-mcp/core';
import { z } from 'zod';
import { type CubeVersionRow, collapseVersions } from '../cube/collapse-versions.js';
import { searchQuery } from '../cube/search-query.js';
import { lindasSource } from '../provenance.js';
import { selectRows } from '../sparql/send-sparql.js';
import type { LindasToolConfig } from './lindas-tool-context.js';
import { LanguageInputSchema } from './shared-schemas.js';

// Versions fetched per search: enough to see every version of 100 cubes in the common case.
const MAX_VERSION_ROWS = 1000;

export function searchCubesTool(config: LindasToolConfig) {
  return defineTool({
    name: 'search_cubes',
    title: 'Search LINDAS cubes',
    description:
      'Start here. Finds statistical cubes of the Swiss federal linked-data service by a word in their ' +
      'name or description, e.g. "waldbrand", "lärm"; published cubes, newest version, by default. ' +
      'truncated true means more matched: raise limit or narrow with publisher_id. Pass a cube_id to ' +
      'get_cube_structure or query_cube_observations.',
    input: z
      .object({
        query: z
          .string()
          .trim()
          .min(2)
          .max(200)
          .describe('Word or phrase to look for, case-insensitive (2..200 chars).'),
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
        .enum(['exact', 'none'])
        .describe('"none" when nothing matched: a real miss, not an error.'),
      suggestion: z.string().nullable().describe('What to try next when nothing matched.'),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { query: 'waldbrand' },
    deprecatedAliases: { creator_uri: 'publisher_id' },
    async execute(input, ctx) {
      const language = input.language ?? config.defaultLanguage;
      const query = searchQuery({
        text: input.query,
        language,
        creatorUri: input.publisher_id,
        fetchLimit: MAX_VERSION_ROWS + 1,
      });
      const answer = await selectRows(ctx, config.endpoint, query);
      const rows: CubeVersionRow[] = answer.body.results.bindings.map((b) => ({
        cube_id: b.cube?.value ?? '',
        name: b.name?.value ?? null,
        description: b.desc?.value ?? null,
        creator: b.creator?.value ?? null,
        version: b.version?.value ?? null,
        status: b.status?.value ?? null,
      }));
      const sawAll = rows.length <= MAX_VERSION_ROWS;
      const candidates = input.latest_only
        ? collapseVersions(rows.slice(0, MAX_VERSION_ROWS))
        : rows.slice(0, MAX_VERSION_ROWS);
      const cubes = candidates.slice(input.offset, input.offset + input.limit);
      const more = !sawAll || candidates.length > input.offset + input.limit;
      const total = sawAll ? candidates.length : null;
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
          match_type: candidates.length > 0 ? ('exact' as const) : ('none' as const),
          suggestion:
            candidates.length > 0
              ? null
              : `No published cube has "${input.query.slice(0, 60)}" in its ${language} name or description. Try a shorter word stem, another language, or list_publishers to browse by publisher.`,
        },
        source: lindasSource({
          adapterId: config.adapterId,
          endpoint: config.endpoint,
          query,
          retrievedAt: answer.fetchedAt,
          fromCache: answer.fromCache,
          identifiers: { search: input.query },
          title: `LINDAS cube search «${input.query}»`,
        }),
      };
    },
  });
}
