import {
  defineTool,
  limitParam,
  NextOffsetSchema,
  nextOffset,
  OpenDataError,
  offsetParam,
  READ_ONLY_OPEN_WORLD,
} from '@opendata-mcp/core';
import { z } from 'zod';
import type { PxwebApiFor } from '../api/pxweb-api-for.js';
import type { PxwebRuntime } from '../pxweb-runtime.js';
import { pxwebSource } from '../pxweb-source.js';
import { tableCandidates } from './table-candidates.js';
import { tableSearchIndex } from './table-search-index.js';
import { LanguageSchema } from './tool-inputs.js';

const MAX_OFFSET = 900;

export function searchTablesTool(rt: PxwebRuntime, apiFor: PxwebApiFor) {
  return defineTool({
    name: 'search_tables',
    title: 'Search tables of a PxWeb portal',
    description:
      'Finds statistical tables by words in their titles and folders, in the portal’s language (e.g. ' +
      '"befolkning" on a Swedish portal; language switches it where the portal offers another). Every word ' +
      'is optional and word forms match; tables covering more of your words come first (matched_words, ' +
      'coverage). Each hit gives the table id for get_table_structure and query_table, its title, when it ' +
      'was updated and, on v2 portals, its first and last period. An empty list is an answer: no table ' +
      'matched these words.',
    input: z
      .object({
        query: z.string().trim().min(2).max(200).describe('Words to look for, 2..200 characters.'),
        language: LanguageSchema,
        limit: limitParam('Tables', 100, 20),
        offset: offsetParam('Tables', MAX_OFFSET),
      })
      .strict(),
    output: z.object({
      query: z.string(),
      tables: z.array(
        z.object({
          id: z.string().describe('table_id for the other tools.'),
          label: z.string().describe('Table title.'),
          updated: z.string().nullable(),
          first_period: z
            .string()
            .nullable()
            .describe('First period the table covers (v2 portals), else null.'),
          last_period: z
            .string()
            .nullable()
            .describe('Last period the table covers (v2 portals), else null.'),
          path: z.array(z.string()).describe('Folders above the table, outermost first.'),
          matched_words: z.array(z.string()).describe('Words of the query its title or folders matched.'),
          coverage: z
            .number()
            .describe('Share of the query words matched, 0..1: tables are ordered by it first.'),
        }),
      ),
      returned: z.number(),
      truncated: z
        .boolean()
        .describe('True when more tables matched than returned (or that cannot be ruled out).'),
      total_matched: z
        .number()
        .nullable()
        .describe('Tables that matched; null when the portal could not list them all.'),
      next_offset: NextOffsetSchema,
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    async execute(input, ctx) {
      if (/\p{Cc}/u.test(input.query)) {
        throw new OpenDataError('invalid_input', 'The query contains control characters.', {
          hint: 'Send plain words.',
        });
      }
      const language = input.language ?? rt.language;
      const found = await tableCandidates(ctx, rt, apiFor(input.language), language, input.query);
      const byId = new Map(found.tables.map((t) => [t.id, t]));
      const ranked = (await tableSearchIndex(found.tables, language, ctx.signal))
        .search(input.query, { limit: found.tables.length })
        .flatMap((hit) => {
          const table = byId.get(hit.id);
          return table ? [{ ...table, matched_words: hit.matchedWords, coverage: hit.coverage }] : [];
        });
      const tables = ranked.slice(input.offset, input.offset + input.limit);
      const truncated = !found.complete || ranked.length > input.offset + tables.length;
      return {
        data: {
          query: input.query,
          tables,
          returned: tables.length,
          truncated,
          total_matched: found.complete ? ranked.length : null,
          next_offset: nextOffset(input.offset, tables.length, truncated),
        },
        source: pxwebSource(rt, {
          fetched: found.fetched,
          identifiers: { query: input.query },
          title: `${rt.title}: table search`,
          publisher: null,
          modifiedAt: null,
        }),
      };
    },
  });
}
