import type { Provenance } from '@opendata-mcp/core';
import type { FlowStructure } from './registry/flow-structure.js';
import { pickText } from './registry/pick-text.js';
import type { SdmxRuntime } from './sdmx-runtime.js';

interface SourceParts {
  /** The REST URL whose answer carries the data of this reply. */
  url: string;
  fetchedAt: Date | string;
  fromCache: boolean;
  identifiers?: Record<string, string>;
  /** The flow the answer is about, for its name, agency and the structure's fetch time. */
  structure?: FlowStructure;
  title?: string;
  /**
   * When the registry says the data last changed (a Last-Modified header); null when it says nothing.
   * A message's Prepared time is when the answer was generated, not a change date, so it never goes here.
   */
  modifiedAt: string | null;
}

/** Provenance of an SDMX answer; a date the registry does not state stays null. */
export function sdmxSource(rt: SdmxRuntime, parts: SourceParts): Provenance {
  const retrievedAt = new Date(parts.fetchedAt).toISOString();
  const { structure } = parts;
  const flow = structure?.flow;
  return {
    backend: 'sdmx',
    adapter_id: rt.id,
    endpoint: rt.baseUrl,
    identifiers: {
      ...(flow ? { dataflow: `${flow.agency}:${flow.id}(${flow.version})` } : {}),
      ...parts.identifiers,
    },
    title: flow ? (pickText(flow.names, rt.language) ?? flow.id) : (parts.title ?? null),
    publisher: flow?.agency ?? null,
    url: parts.url,
    query: { language: 'url', text: parts.url },
    access_method: 'sdmx_rest',
    retrieved_at: retrievedAt,
    metadata_retrieved_at: structure ? structure.fetchedAt : retrievedAt,
    source_modified_at: parts.modifiedAt,
    license: null,
    cache: {
      hit: parts.fromCache,
      revalidated: false,
      first_fetched_at: parts.fromCache ? retrievedAt : null,
    },
  };
}
