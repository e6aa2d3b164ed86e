import type { CacheRecord, Licence, Provenance, QueryRecord } from '@opendata-mcp/core';
import type { CkanRuntime } from './ckan-runtime.js';
import type { ActionAnswer } from './portal/ckan-client.js';

/** How the rows of an answer were read from the portal. */
export type TableAccess = 'download' | 'datastore_api' | 'datastore_dump' | 'datastore_sql';

interface SourceParts {
  identifiers: Record<string, string>;
  title?: string | null;
  publisher?: string | null;
  url?: string | null;
  query: QueryRecord | null;
  accessMethod: 'ckan_api' | TableAccess;
  /** The metadata answer the tool relied on (its time and cache state). */
  metadata: ActionAnswer<unknown>;
  /** When the data itself was fetched, if later than the metadata. */
  dataFetchedAt?: Date;
  sourceModifiedAt?: string | null;
  licence?: Licence | null;
  cache?: CacheRecord;
}

/** Provenance of a CKAN answer; dates the portal does not state stay null. */
export function ckanSource(rt: CkanRuntime, parts: SourceParts): Provenance {
  const metadataAt = parts.metadata.fetchedAt.toISOString();
  return {
    backend: 'ckan',
    adapter_id: rt.id,
    endpoint: rt.baseUrl,
    identifiers: parts.identifiers,
    title: parts.title ?? null,
    publisher: parts.publisher ?? null,
    url: parts.url ?? null,
    query: parts.query,
    access_method: parts.accessMethod,
    retrieved_at: (parts.dataFetchedAt ?? parts.metadata.fetchedAt).toISOString(),
    metadata_retrieved_at: metadataAt,
    source_modified_at: parts.sourceModifiedAt ?? null,
    license: parts.licence ?? null,
    cache: parts.cache ?? {
      hit: parts.metadata.fromCache,
      revalidated: false,
      first_fetched_at: parts.metadata.fromCache ? metadataAt : null,
    },
  };
}
