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
import { portalLicence } from '../portal-licence.js';
import type { PxwebRuntime } from '../pxweb-runtime.js';
import { pxwebSource } from '../pxweb-source.js';
import { languagesToSearch, searchInLanguages } from './search-in-languages.js';
import { LanguageSchema } from './tool-inputs.js';

const MAX_OFFSET = 900;

export function searchTablesTool(rt: PxwebRuntime, apiFor: PxwebApiFor) {
  return defineTool({
    name: 'search_tables',
    title: 'Search tables of a PxWeb portal',
    description:
      'Finds statistical tables by words in their titles and folders. Without language it searches every ' +
      'language the portal offers, the configured one first, so "befolkning" finds Swedish titles on a ' +
      'portal set to English; language limits it to one. Every word is optional and word forms match; ' +
      'tables covering more of your words come first (matched_words, coverage). Each hit gives the table ' +
      'id for get_table_structure and query_table (the same in every language), its title in the language ' +
      'it matched, when it was updated and, on v2 portals, its first and last period. An empty list is an ' +
      'answer: no table matched these words in languages_searched.',
    input: z
      .object({
        query: z.string().trim().min(2).max(200).describe('Words to look for, 2..200 characters.'),
        language: LanguageSchema.describe(
          'Search titles in this language only, a two-letter code the portal serves, e.g. "en" or "sv" (default: every language it offers, the configured one first).',
        ),
        limit: limitParam('Tables', 100, 20),
        offset: offsetParam('Tables', MAX_OFFSET),
      })
      .strict(),
    output: z.object({
      query: z.string(),
      tables: z.array(
        z.object({
          id: z.string().describe('table_id for the other tools.'),
          label: z.string().describe('Table title, in `language`.'),
          language: z.string().describe('Language of the title that matched.'),
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
      languages_searched: z
        .array(z.string())
        .describe('Languages whose titles were searched: the one asked for, else each the portal listed.'),
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
      const languages = await languagesToSearch(ctx, rt, apiFor, input.language);
      const found = await searchInLanguages(ctx, rt, apiFor, languages, input.query);
      const ranked = found.ranked.map(({ score: _, ...table }) => table);
      const tables = ranked.slice(input.offset, input.offset + input.limit);
      const truncated = !found.complete || ranked.length > input.offset + tables.length;
      return {
        data: {
          query: input.query,
          tables,
          languages_searched: found.languages,
          returned: tables.length,
          truncated,
          total_matched: found.complete ? ranked.length : null,
          next_offset: nextOffset(input.offset, tables.length, truncated),
        },
        source: pxwebSource(rt, {
          license: await portalLicence(ctx, apiFor),
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
