import { defineTool, READ_ONLY_OPEN_WORLD } from '@opendata-mcp/core';
import { z } from 'zod';
import { type CkanRuntime, showPackage } from '../ckan-runtime.js';
import { ckanSource } from '../ckan-source.js';
import { localizedText, shortText } from '../portal/localized-text.js';
import {
  datasetSummary,
  licenceOf,
  organizationTitle,
  portalDate,
  resourceView,
} from '../portal/package-view.js';
import { DatasetIdSchema } from './tool-inputs.js';

const ResourceView = z.object({
  id: z.string().describe('Resource id for get_schema and query_resource.'),
  name: z.string().nullable(),
  format: z.string().nullable().describe('Format, normalised from the declared label or the URL.'),
  declared_format: z.string().nullable().describe('The format label exactly as the portal states it.'),
  size: z.number().nullable().describe('Size in bytes as the portal states it, or null.'),
  url_host: z.string().nullable().describe('Host the file is served from.'),
  datastore_active: z.boolean().describe('True when the portal also holds the table in its DataStore.'),
  last_modified: z.string().nullable().describe('Last change of the resource stated by the portal, or null.'),
  queryable: z.boolean().describe('True when query_resource can load it (tabular format or DataStore).'),
  not_queryable_reason: z.string().nullable().describe('Why query_resource would refuse it, or null.'),
});

export function getDatasetTool(rt: CkanRuntime) {
  return defineTool({
    name: 'get_dataset',
    title: `Dataset details (${rt.title})`,
    description:
      'Full metadata of one dataset: description, publisher, licence, dates, tags and each resource ' +
      'with its id, format, size and whether it is queryable (pick the resource_id here).',
    input: z.object({ dataset_id: DatasetIdSchema }).strict(),
    output: z.object({
      id: z.string(),
      name: z.string(),
      title: z.string(),
      description: z.string().nullable().describe('Description, markup removed (up to 4000 characters).'),
      organization: z.string().nullable(),
      license: z
        .object({ id: z.string().nullable(), title: z.string().nullable(), url: z.string().nullable() })
        .nullable()
        .describe('Licence as the portal states it; null when none is stated.'),
      url: z.string().describe('Dataset page on the portal.'),
      tags: z.array(z.string()),
      created: z.string().nullable().describe('Creation date stated by the portal, or null.'),
      modified: z.string().nullable().describe('Last metadata change stated by the portal, or null.'),
      resources: z.array(ResourceView),
      queryable_resources: z.number().int().describe('How many resources query_resource can load.'),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { dataset_id: 'pzf-kyiv-city' },
    async execute(input, ctx) {
      const answer = await showPackage(rt, ctx, input.dataset_id);
      const pkg = answer.result;
      const languages = rt.quirks.languages;
      const summary = datasetSummary(pkg, rt.baseUrl, languages);
      const resources = (pkg.resources ?? []).map((r) => resourceView(r, languages, rt.allowedHosts));
      return {
        data: {
          id: pkg.id,
          name: pkg.name,
          title: summary.title,
          description: shortText(localizedText(pkg.notes, languages), 4000),
          organization: summary.organization,
          license: licenceOf(pkg),
          url: summary.url,
          tags: (pkg.tags ?? []).map((t) => t.display_name ?? t.name ?? '').filter(Boolean),
          created: portalDate(pkg.metadata_created),
          modified: summary.modified,
          resources,
          queryable_resources: resources.filter((r) => r.queryable).length,
        },
        source: ckanSource(rt, {
          identifiers: { dataset_id: pkg.id },
          title: summary.title,
          publisher: organizationTitle(pkg, languages),
          url: summary.url,
          query: { language: 'url', text: answer.url },
          accessMethod: 'ckan_api',
          metadata: answer,
          sourceModifiedAt: summary.modified,
          licence: licenceOf(pkg),
        }),
      };
    },
  });
}
