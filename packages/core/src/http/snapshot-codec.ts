import type { CacheCodec } from '../cache/cache-codec.js';
import { frameParts, unframe } from '../cache/frame.js';
import type { Snapshot } from './response-body.js';

/** A cached response as bytes for the shared store: status, URL, headers and time in a header, the body as is (not copied here). */
export const snapshotCodec: CacheCodec = {
  encode(value) {
    const snapshot = value as Snapshot;
    return frameParts(
      {
        status: snapshot.status,
        url: snapshot.url,
        headers: snapshot.headers,
        fetched_at: snapshot.fetchedAt.getTime(),
      },
      [snapshot.body],
    );
  },
  decode(bytes) {
    const { header, payload } = unframe(bytes);
    const { status, url, headers, fetched_at: fetchedAt } = header;
    if (typeof status !== 'number' || typeof url !== 'string' || typeof fetchedAt !== 'number') {
      throw new Error('not a cached response');
    }
    // Copied out of the store's buffer, which may be larger than this one value.
    const snapshot: Snapshot = {
      status,
      url,
      headers: headers as Record<string, string>,
      body: Buffer.from(payload),
      fetchedAt: new Date(fetchedAt),
    };
    return snapshot;
  },
};
