import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The `Mcp-Session-Id` this server gives a 2025-era HTTP client in its `initialize` answer. The
 * transport stays stateless: an id is a random nonce plus an HMAC under a per-process key, so the
 * server recognises the ids it issued without remembering them, and an id a client makes up is
 * worth nothing. The id travels only in the answer to the client that initialized, which is what
 * lets it prove that a cancellation comes from the session its request came from.
 */
export class SessionIds {
  readonly #key = randomBytes(32);

  issue(): string {
    const nonce = randomBytes(18).toString('base64url');
    return `${nonce}.${this.#mac(nonce)}`;
  }

  /** The header's id when this process issued it; undefined for a missing, repeated or forged one. */
  verified(header: string | string[] | undefined): string | undefined {
    if (typeof header !== 'string') return undefined;
    const [nonce, mac, ...rest] = header.split('.');
    if (!nonce || !mac || rest.length > 0) return undefined;
    const expected = Buffer.from(this.#mac(nonce));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? header : undefined;
  }

  #mac(nonce: string): string {
    return createHmac('sha256', this.#key).update(nonce).digest('base64url');
  }
}
