import type { Clock } from '../contract/context.js';
import type { Provenance } from '../envelope/provenance.js';
import { SERVER_OWNER_ID } from './compose-adapters.js';

/**
 * The provenance of an answer the server composes itself (health probes, a federated search, a
 * place from the gazetteer): no portal was read, so only what, how and when are stated.
 */
export function serverSource(
  clock: Clock,
  answer: { title: string; accessMethod: string; identifiers?: Record<string, string> },
): Provenance {
  return {
    backend: 'server',
    adapter_id: SERVER_OWNER_ID,
    endpoint: 'opendata-mcp',
    identifiers: answer.identifiers ?? {},
    title: answer.title,
    publisher: null,
    url: null,
    query: null,
    access_method: answer.accessMethod,
    retrieved_at: clock.now().toISOString(),
    metadata_retrieved_at: null,
    source_modified_at: null,
    license: null,
    cache: { hit: false, revalidated: false, first_fetched_at: null },
  };
}
