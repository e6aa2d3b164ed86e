import { defineTool, OpenDataError, READ_ONLY_OPEN_WORLD } from '@opendata-mcp/core';
import { z } from 'zod';
import type { PxwebApi } from '../api/pxweb-api.js';
import type { PxwebRuntime } from '../pxweb-runtime.js';
import { pxwebSource } from '../pxweb-source.js';

export function searchTablesTool(rt: PxwebRuntime, api: PxwebApi) {
  return defineTool({
    name: 'search_tables',
    title: 'Search tables of a PxWeb portal',
    description:
      'Finds statistical tables whose title or variables match words, using the portal’s own search ' +
      '(words in the portal’s configured language work best, e.g. "population" or "befolkning"). Each hit ' +
      'gives the table id for get_table_structure and query_table, its title, when it was updated and, on v2 ' +
      'portals, its first and last period. An empty list is an answer: the portal found nothing for these words.',
    input: z
      .object({
        query: z.string().trim().min(2).max(200).describe('Words to look for, 2..200 characters.'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(100)
          .default(20)
          .describe('Tables to return, 1..100 (default 20).'),
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
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    async execute(input, ctx) {
      if (/\p{Cc}/u.test(input.query)) {
        throw new OpenDataError('invalid_input', 'The query contains control characters.', {
          hint: 'Send plain words.',
        });
      }
      const found = await api.search(ctx, input.query, input.limit);
      const tables = found.tables.slice(0, input.limit);
      return {
        data: {
          query: input.query,
          tables,
          returned: tables.length,
          // Errs towards true: a portal that does not count may hold more.
          truncated: found.total === null ? tables.length === input.limit : found.total > tables.length,
          total_matched: found.total,
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
