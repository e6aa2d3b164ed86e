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
import { LanguageSchema } from './tool-inputs.js';

// The portal is asked for every hit up to offset + limit; deeper paging is a narrower query.
const MAX_OFFSET = 900;

export function searchTablesTool(rt: PxwebRuntime, apiFor: PxwebApiFor) {
  return defineTool({
    name: 'search_tables',
    title: 'Search tables of a PxWeb portal',
    description:
      'Finds statistical tables whose title or variables match words, using the portal’s own search ' +
      '(words in the portal’s configured language work best, e.g. "population" or "befolkning"). Each hit ' +
      'gives the table id for get_table_structure and query_table, its title, when it was updated and, on v2 ' +
      'portals, its first and last period. An empty list is an answer: the portal found nothing for these words. When truncated, call again with ' +
      'offset = next_offset.',
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
        }),
      ),
      returned: z.number(),
      truncated: z
        .boolean()
        .describe('True when the portal matched more tables than returned (or cannot say).'),
      total_matched: z.number().nullable().describe('Tables the portal matched; null when it does not say.'),
      next_offset: NextOffsetSchema,
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    async execute(input, ctx) {
      if (/\p{Cc}/u.test(input.query)) {
        throw new OpenDataError('invalid_input', 'The query contains control characters.', {
          hint: 'Send plain words.',
        });
      }
      const found = await apiFor(input.language).search(ctx, input.query, input.offset + input.limit);
      const tables = found.tables.slice(input.offset, input.offset + input.limit);
      const seen = input.offset + tables.length;
      // Errs towards true: a portal that does not count may hold more.
      const truncated = found.total === null ? tables.length === input.limit : found.total > seen;
      return {
        data: {
          query: input.query,
          tables,
          returned: tables.length,
          truncated,
          total_matched: found.total,
          next_offset: nextOffset(input.offset, tables.length, truncated),
        },
        source: pxwebSource(rt, {
          fetched: found,
          identifiers: { query: input.query },
          title: `${rt.title}: table search`,
          publisher: null,
          modifiedAt: null,
        }),
      };
    },
  });
}
