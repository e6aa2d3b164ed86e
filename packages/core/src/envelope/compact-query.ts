import { createHash } from 'node:crypto';
import type { Provenance } from './provenance.js';

/** Queries longer than this are shown inline in a short form; every answer would otherwise repeat them. */
export const QUERY_INLINE_MAX = 480;
const HEAD = 240;
const TAIL = 150;

export const QUERY_TEXT_URI_PREFIX = 'opendata://query/';

/**
 * Keeps provenance honest and small: a long query stays identified by the SHA-256 of its full text
 * and a short form (PREFIX lines and runs of spaces dropped; head and tail kept, since the tail holds
 * the LIMIT), and the full text goes to `remember` to be served as a resource.
 */
export function compactQuery(
  source: Provenance,
  remember: (sha256: string, text: string) => void,
): Provenance {
  const query = source.query;
  if (!query || query.text.length <= QUERY_INLINE_MAX) return source;
  const sha256 = createHash('sha256').update(query.text).digest('hex');
  remember(sha256, query.text);
  const collapsed = query.text
    .replace(/^\s*PREFIX\s+\S*:\s*<[^>]*>\s*$/gim, '')
    .replace(/\s+/g, ' ')
    .trim();
  const text =
    collapsed.length <= QUERY_INLINE_MAX
      ? collapsed
      : `${collapsed.slice(0, HEAD)} … ${collapsed.slice(-TAIL)}`;
  return {
    ...source,
    query: { ...query, text, shortened: true, sha256, full_text_uri: `${QUERY_TEXT_URI_PREFIX}${sha256}` },
  };
}
