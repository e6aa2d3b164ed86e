import type { Licence, Provenance } from '@opendata-mcp/core';
import type { Fetched } from './api/pxweb-api.js';
import type { PxwebRuntime } from './pxweb-runtime.js';

interface SourceParts {
  fetched: Fetched;
  identifiers?: Record<string, string>;
  title: string | null;
  /** The statistics office the table names as its source, when it names one. */
  publisher: string | null;
  /** The table's own "updated" date; null when the portal states none. */
  modifiedAt: string | null;
  /** When the table structure used to build the query was fetched (it may come from cache). */
  metadataFetchedAt?: Date;
  /** The licence the portal's configuration states (`portalLicence`); null when it states none. */
  license: Licence | null;
}

/** Provenance of a PxWeb answer; the licence is the one the portal's v2 configuration states. */
export function pxwebSource(rt: PxwebRuntime, parts: SourceParts): Provenance {
  const retrievedAt = parts.fetched.fetchedAt.toISOString();
  return {
    backend: 'pxweb',
    adapter_id: rt.id,
    endpoint: rt.baseUrl,
    identifiers: parts.identifiers ?? {},
    title: parts.title,
    publisher: parts.publisher,
    url: parts.fetched.url,
    query: parts.fetched.query,
    access_method: `pxweb_api_${rt.apiVersion}`,
    retrieved_at: retrievedAt,
    metadata_retrieved_at: (parts.metadataFetchedAt ?? parts.fetched.fetchedAt).toISOString(),
    source_modified_at:
      parts.modifiedAt && !Number.isNaN(Date.parse(parts.modifiedAt)) ? parts.modifiedAt : null,
    license: parts.license,
    cache: {
      hit: parts.fetched.fromCache,
      revalidated: false,
      first_fetched_at: parts.fetched.fromCache ? retrievedAt : null,
    },
  };
}
