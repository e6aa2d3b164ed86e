import { type McpServer, ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';
import { LRUCache } from 'lru-cache';
import { QUERY_TEXT_URI_PREFIX } from '../envelope/compact-query.js';

/** Full texts of the queries answers cite by hash, bounded: 500 recent queries of a few KB each. */
export function createQueryTexts() {
  const texts = new LRUCache<string, string>({ max: 500 });
  return {
    remember(sha256: string, text: string): void {
      texts.set(sha256, text);
    },
    get(sha256: string): string | undefined {
      return texts.get(sha256);
    },
    /** `opendata://query/{sha256}`: the full text of a query an answer showed in short form. */
    register(server: McpServer): void {
      server.registerResource(
        'query_text',
        new ResourceTemplate(`${QUERY_TEXT_URI_PREFIX}{sha256}`, { list: undefined }),
        {
          title: 'Full text of a query',
          description:
            'The full query (SPARQL, SQL or URL) an answer cites in short form in source.query, by its SHA-256.',
          mimeType: 'text/plain',
          // A text named by its own hash never changes.
          cacheHint: { ttlMs: 24 * 3_600_000, cacheScope: 'public' },
        },
        (uri, variables) => {
          const sha256 = String(variables.sha256 ?? '');
          const text = texts.get(sha256);
          // Held only while this process runs and for the 500 most recent queries.
          if (text === undefined) throw new ResourceNotFoundError(uri.href);
          return { contents: [{ uri: uri.href, mimeType: 'text/plain', text }] };
        },
      );
    },
  };
}
