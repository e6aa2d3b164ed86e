import { createHash } from 'node:crypto';
import type { HttpRequest } from './http-types.js';

// Headers that change what a portal answers; anything else (tracing, user agent) does not.
const VARYING_HEADERS = ['accept', 'accept-language', 'content-type', 'authorization'];

/**
 * A collision-free cache key: every part is JSON-encoded, so no URL, body or header value can
 * forge another request's key by containing separators.
 */
export function cacheKey(request: HttpRequest): string {
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .filter(([name]) => VARYING_HEADERS.includes(name))
    // A secret only ever appears hashed, because keys are written next to cached files.
    .map(([name, value]) => [name, name === 'authorization' ? digest(value) : value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([request.method ?? 'GET', request.url, request.body ?? null, headers]);
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
