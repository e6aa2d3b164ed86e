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
import type { CkanRuntime } from '../ckan-runtime.js';
import { ckanSource } from '../ckan-source.js';
import { datasetSummary } from '../portal/package-view.js';
import { questionLanguages, questionWords } from '../search/question-words.js';
import { runSearch } from '../search/run-search.js';
import { publishersOf, zeroHitHint } from '../search/zero-hit-advice.js';

const DatasetSummary = z.object({
  id: z.string().describe('Dataset id; pass it (or `name`) to get_dataset, get_schema and query_resource.'),
  name: z.string().describe('URL name of the dataset.'),
  title: z.string(),
  description: z.string().nullable().describe('First words of the description, markup removed.'),
  organization: z.string().nullable().describe('Publishing organisation.'),
  license: z.string().nullable().describe('Licence as the portal states it; null when none is stated.'),
  url: z.string().describe('Dataset page on the portal.'),
  formats: z.array(z.string()).describe('Resource formats, normalised (e.g. "CSV", "XLSX", "PDF").'),
  modified: z.string().nullable().describe('Last metadata change stated by the portal (ISO 8601), or null.'),
  matched_words: z
    .array(z.string())
    .describe(
      'Words of the query this dataset matched in its title, tags or description (any language it carries).',
    ),
});

const Publisher = z.object({
  name: z.string().describe('Pass as publisher_id.'),
  title: z.string(),
  dataset_count: z.number().int().nullable(),
});

export function searchDatasetsTool(rt: CkanRuntime) {
  return defineTool({
    name: 'search_datasets',
    title: `Search datasets (${rt.title})`,
    description:
      `Start here. Searches the datasets of the CKAN portal ${rt.title} (ids, titles, publishers, ` +
      'licences, formats) by words; every word is optional, datasets matching more come first ' +
      '(matched_words). Then get_dataset for resources, get_schema for columns, query_resource for SQL. ' +
      'No hit: hint says what to try, publishers who publishes here.',
    input: z
      .object({
        query: z
          .string()
          .min(1)
          .max(200)
          .describe(
            `Words to look for in titles, descriptions and tags, best in the portal's language (${rt.quirks.languages.join(', ')}); ` +
              'stop words and punctuation are ignored, and plural/singular and accents do not matter. ' +
              '"*" alone lists every dataset, newest first (combine with publisher_id or format).',
          ),
        publisher_id: z
          .string()
          .regex(/^[a-z0-9_-]{1,100}$/, 'an organisation name as list_organizations returns it')
          .optional()
          .describe("An organisation's name from list_organizations (default: all)."),
        format: z
          .string()
          .regex(/^[A-Za-z0-9.+/ -]{1,30}$/)
          .optional()
          .describe('Only datasets with a resource of this format, e.g. "CSV" (default: any format).'),
        limit: limitParam('Datasets', 50, 5),
        offset: offsetParam('Datasets', 10_000),
      })
      .strict(),
    output: z.object({
      datasets: z.array(DatasetSummary),
      returned: z.number().int().describe('Datasets in this answer.'),
      total_matched: z
        .number()
        .int()
        .nullable()
        .describe('Datasets matched in all; null when the portal found more loose matches than were ranked.'),
      truncated: z.boolean().describe('True when more matches exist beyond this page.'),
      next_offset: NextOffsetSchema,
      portal_queries: z
        .array(z.string())
        .describe(
          'The `q` sent to package_search, in order: the words, then the looser query if one was needed.',
        ),
      note: z.string().nullable().describe('How the hits were found when a looser second query was needed.'),
      hint: z.string().nullable().describe('What to try next when nothing matched; null otherwise.'),
      publishers: z
        .array(Publisher)
        .nullable()
        .describe(
          "When nothing matched: the portal's publishers (one page); null otherwise or when unavailable.",
        ),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { query: 'schools' },
    deprecatedAliases: { organization: 'publisher_id' },
    async execute(input, ctx) {
      const listAll = input.query.trim() === '*';
      if (
        !listAll &&
        questionWords(input.query, questionLanguages(rt.quirks.languages, input.query)).words.length === 0
      ) {
        throw new OpenDataError('invalid_input', 'The query holds no words to search for.', {
          hint: 'Type words (e.g. "bus stops"), or pass "*" to list every dataset.',
        });
      }
      const fq = [
        input.publisher_id ? `organization:${input.publisher_id}` : null,
        input.format ? `res_format:"${input.format.toUpperCase()}"` : null,
      ]
        .filter(Boolean)
        .join(' AND ');
      const outcome = await runSearch(rt, ctx, {
        query: input.query,
        fq,
        limit: input.limit,
        offset: input.offset,
      });
      const datasets = outcome.hits.map(({ pkg, matchedWords }) => ({
        ...datasetSummary(pkg, rt.baseUrl, rt.quirks.languages),
        matched_words: matchedWords,
      }));
      const empty = datasets.length === 0 && input.offset === 0;
      const publishers = empty ? await publishersOf(rt, ctx) : null;
      return {
        data: {
          datasets,
          returned: datasets.length,
          total_matched: outcome.total,
          truncated: outcome.truncated,
          next_offset: nextOffset(input.offset, datasets.length, outcome.truncated),
          portal_queries: outcome.queries,
          note: outcome.note,
          hint: empty ? zeroHitHint(rt, fq !== '', publishers !== null && publishers.length > 0) : null,
          publishers: publishers && publishers.length > 0 ? publishers : null,
        },
        source: ckanSource(rt, {
          identifiers: {},
          title: `Catalogue search: ${input.query}`,
          url: `${rt.baseUrl.replace(/\/+$/, '')}/dataset?q=${encodeURIComponent(input.query)}`,
          query: { language: 'url', text: outcome.first.url },
          accessMethod: 'ckan_api',
          metadata: outcome.first,
        }),
      };
    },
  });
}
