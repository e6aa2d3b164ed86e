import type { Licence } from '@opendata-mcp/core';
import type { CkanPackage, CkanResource } from './ckan-types.js';
import { hostOutsideAllowList } from './host-outside-allow-list.js';
import { localizedText, shortText } from './localized-text.js';
import { normalizeFormat, TABULAR_FORMATS } from './normalize-format.js';

/** CKAN dates are naive UTC timestamps ("2019-06-05T11:20:00.000000"); ISO 8601 with Z, or null. */
export function portalDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const withZone = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const date = new Date(withZone);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function licenceOf(pkg: CkanPackage): Licence | null {
  if (!pkg.license_id && !pkg.license_title && !pkg.license_url) return null;
  return { id: pkg.license_id ?? null, title: pkg.license_title ?? null, url: pkg.license_url ?? null };
}

export function datasetPage(baseUrl: string, pkg: CkanPackage): string {
  return `${baseUrl.replace(/\/+$/, '')}/dataset/${encodeURIComponent(pkg.name)}`;
}

export function organizationTitle(pkg: CkanPackage, languages: string[]): string | null {
  if (!pkg.organization) return null;
  return localizedText(pkg.organization.title, languages) ?? pkg.organization.name ?? null;
}

/** One search hit: enough to pick a dataset, short enough for many hits in one answer. */
export function datasetSummary(pkg: CkanPackage, baseUrl: string, languages: string[]) {
  const licence = licenceOf(pkg);
  return {
    id: pkg.id,
    name: pkg.name,
    title: localizedText(pkg.title, languages) ?? pkg.name,
    description: shortText(localizedText(pkg.notes, languages), 160),
    organization: organizationTitle(pkg, languages),
    license: licence ? (licence.title ?? licence.id) : null,
    url: datasetPage(baseUrl, pkg),
    formats: [
      ...new Set(
        (pkg.resources ?? []).map((r) => normalizeFormat(r.format, r.url)).filter((f) => f !== null),
      ),
    ],
    modified: portalDate(pkg.metadata_modified),
  };
}

function sizeOf(resource: CkanResource): number | null {
  const size = typeof resource.size === 'string' ? Number(resource.size) : resource.size;
  return typeof size === 'number' && Number.isFinite(size) && size >= 0 ? size : null;
}

function hostOf(url: string | null | undefined): string | null {
  try {
    return url ? new URL(url).host : null;
  } catch {
    return null;
  }
}

/** Why a resource cannot be queried, or null when query_resource can try it. */
export function notQueryableReason(resource: CkanResource): string | null {
  if (resource.datastore_active) return null;
  const format = normalizeFormat(resource.format, resource.url);
  if (!hostOf(resource.url)) return 'The resource has no downloadable URL.';
  if (format && !TABULAR_FORMATS.has(format)) {
    return `Format ${format} is not tabular; queryable formats are CSV, TSV, JSON, Parquet and XLSX, or a DataStore table.`;
  }
  return null;
}

/**
 * A resource as get_dataset shows it. With `allowedHosts`, a file on another host is marked not
 * queryable up front (an offline server allows only its fixtures), rather than offered and refused.
 */
export function resourceView(resource: CkanResource, languages: string[], allowedHosts?: string[]) {
  const reason = notQueryableReason(resource) ?? outsideAllowedHosts(resource, allowedHosts);
  return {
    id: resource.id,
    name: localizedText(resource.name, languages),
    format: normalizeFormat(resource.format, resource.url),
    declared_format: resource.format ?? null,
    size: sizeOf(resource),
    url_host: hostOf(resource.url),
    datastore_active: resource.datastore_active === true,
    last_modified: portalDate(resource.last_modified ?? resource.metadata_modified),
    queryable: reason === null,
    not_queryable_reason: reason,
  };
}

function outsideAllowedHosts(resource: CkanResource, allowedHosts: string[] | undefined): string | null {
  if (!allowedHosts || resource.datastore_active) return null;
  const host = hostOf(resource.url);
  const name = host?.replace(/:\d+$/, '').toLowerCase();
  if (!host || !name || allowedHosts.some((h) => h.toLowerCase() === name)) return null;
  return hostOutsideAllowList(host, allowedHosts);
}
