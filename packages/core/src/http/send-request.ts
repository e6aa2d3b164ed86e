import { Readable } from 'node:stream';
import ky from 'ky';
import { type Dispatcher, request as undiciRequest } from 'undici';
import { boundedBody, tooLarge } from './bounded-body.js';

export interface SendOptions {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
  dispatcher: Dispatcher;
  maxBytes: number;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
// The body is decoded here, so these no longer describe what the Response holds.
const DECODED_AWAY = new Set(['content-encoding', 'content-length']);

/**
 * Performs one HTTP exchange through the guarded dispatcher and returns a Response whose body
 * is already bounded and decoded. undici's `request` leaves content encoding to us (unlike
 * `fetch`), which is what lets the wire bytes be capped as well as the decoded ones.
 */
async function exchangeThroughDispatcher(request: Request, options: SendOptions): Promise<Response> {
  const host = new URL(request.url).hostname;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const answer = await undiciRequest(request.url, {
    method: request.method as Dispatcher.HttpMethod,
    headers,
    body: request.body ? await request.text() : null,
    signal: request.signal,
    dispatcher: options.dispatcher,
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined || DECODED_AWAY.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
  }
  const init = { status: answer.statusCode, headers: responseHeaders };
  if (NULL_BODY_STATUSES.has(answer.statusCode) || request.method === 'HEAD') {
    await answer.body.dump();
    return new Response(null, init);
  }
  const declared = Number(answer.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    // Closes the socket without reading; the abort it reports is expected, not a failure.
    answer.body.on('error', () => {}).destroy();
    throw tooLarge(host, options.maxBytes, 'compressed');
  }
  const encoding = String(answer.headers['content-encoding'] ?? '');
  const body = boundedBody(answer.body, encoding, options.maxBytes, host);
  if (encoding === '' && Number.isFinite(declared)) responseHeaders.set('content-length', String(declared));
  return new Response(Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>, init);
}

/** One request through ky (headers, signal, method handling) without ky's own retries or redirects. */
export function sendRequest(url: URL, options: SendOptions): Promise<Response> {
  return ky(url, {
    method: options.method,
    headers: options.headers,
    ...(options.body !== undefined ? { body: options.body } : {}),
    signal: options.signal,
    retry: 0,
    timeout: false,
    throwHttpErrors: false,
    redirect: 'manual',
    fetch: (input) => exchangeThroughDispatcher(input as Request, options),
  });
}
