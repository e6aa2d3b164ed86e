import type { Provenance } from '@opendata-mcp/core';
import type { CkanRuntime } from '../ckan-runtime.js';
import { ckanSource } from '../ckan-source.js';
import { localizedText } from '../portal/localized-text.js';
import { datasetPage, licenceOf, organizationTitle, portalDate } from '../portal/package-view.js';
import type { LoadedTable } from '../resources/load-table.js';
import type { ResolvedResource } from '../resources/resolve-resource.js';

/** Provenance of an answer computed from one loaded resource. */
export function resourceSource(
  rt: CkanRuntime,
  resolved: ResolvedResource,
  table: Pick<LoadedTable, 'accessMethod' | 'fetchedAt' | 'cache'>,
  sql: string | null,
): Provenance {
  const { pkg, resource, metadata } = resolved;
  const languages = rt.quirks.languages;
  const page = `${datasetPage(rt.baseUrl, pkg)}/resource/${encodeURIComponent(resource.id)}`;
  const resourceName = localizedText(resource.name, languages);
  const datasetTitle = localizedText(pkg.title, languages) ?? pkg.name;
  return ckanSource(rt, {
    identifiers: { dataset_id: pkg.id, resource_id: resource.id },
    title: resourceName ? `${datasetTitle}: ${resourceName}` : datasetTitle,
    publisher: organizationTitle(pkg, languages),
    url: page,
    query: sql ? { language: 'sql', text: sql } : null,
    accessMethod: table.accessMethod,
    metadata,
    dataFetchedAt: table.fetchedAt,
    // The data's own date: the resource's last change; the dataset's metadata date is not the data's.
    sourceModifiedAt: portalDate(resource.last_modified),
    licence: licenceOf(pkg),
    cache: table.cache,
  });
}
