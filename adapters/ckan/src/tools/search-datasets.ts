import {
  defineTool,
  limitParam,
  NextOffsetSchema,
  nextOffset,
  offsetParam,
  READ_ONLY_OPEN_WORLD,
} from '@opendata-mcp/core';
import { z } from 'zod';
import type { CkanRuntime } from '../ckan-runtime.js';
import { ckanSource } from '../ckan-source.js';
import type { CkanPackage } from '../portal/ckan-types.js';
import { datasetSummary } from '../portal/package-view.js';

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
});

export function searchDatasetsTool(rt: CkanRuntime) {
  return defineTool({
    name: 'search_datasets',
    title: `Search datasets (${rt.title})`,
    description:
      `Start here. Full-text search over the datasets of the CKAN portal ${rt.title}: ids, titles, ` +
      "publishers, licences, formats. Then get_dataset for the resources, get_schema for a table's " +
      'columns, query_resource to compute with SQL. When truncated, call again with offset = ' +
      'next_offset.',
    input: z
      .object({
        query: z
          .string()
          .min(1)
          .max(200)
          .describe('Words to look for in titles, descriptions and tags, in the language of the portal.'),
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
      total_matched: z.number().int().nullable().describe('Datasets the portal matched in all.'),
      truncated: z.boolean().describe('True when more matches exist beyond this page.'),
      next_offset: NextOffsetSchema,
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { query: 'schools' },
    deprecatedAliases: { organization: 'publisher_id' },
    async execute(input, ctx) {
      const fq = [
        input.publisher_id ? `organization:${input.publisher_id}` : null,
        input.format ? `res_format:"${input.format.toUpperCase()}"` : null,
      ]
        .filter(Boolean)
        .join(' AND ');
      const params = {
        q: input.query,
        fq,
        rows: Math.min(input.limit, rt.quirks.search_rows_max),
        start: input.offset,
      };
      const answer = await rt.client.action<{ count: number; results: CkanPackage[] }>(
        ctx,
        'package_search',
        params,
      );
      const results = answer.result.results ?? [];
      const datasets = results.map((pkg) => datasetSummary(pkg, rt.baseUrl, rt.quirks.languages));
      const count = typeof answer.result.count === 'number' ? answer.result.count : null;
      const truncated =
        count === null ? datasets.length >= input.limit : input.offset + datasets.length < count;
      return {
        data: {
          datasets,
          returned: datasets.length,
          total_matched: count,
          truncated,
          next_offset: nextOffset(input.offset, datasets.length, truncated),
        },
        source: ckanSource(rt, {
          identifiers: {},
          title: `Catalogue search: ${input.query}`,
          url: `${rt.baseUrl.replace(/\/+$/, '')}/dataset?q=${encodeURIComponent(input.query)}`,
          query: { language: 'url', text: answer.url },
          accessMethod: 'ckan_api',
          metadata: answer,
        }),
      };
    },
  });
}
