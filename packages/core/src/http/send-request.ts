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

/** One answer whose body is already bounded and decoded, as a Node stream. */
export interface StreamedResponse {
  status: number;
  headers: Headers;
  body: Readable | null;
}

/** How one hop is sent, and how an unwanted answer (a redirect, an error) is let go. */
export interface Transport<R extends { status: number; headers: Headers }> {
  send(url: URL, options: SendOptions): Promise<R>;
  discard(response: R): Promise<void>;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
// The body is decoded here, so these no longer describe what the answer holds.
const DECODED_AWAY = new Set(['content-encoding', 'content-length']);

/**
 * Performs one HTTP exchange through the guarded dispatcher. undici's `request` leaves content
 * encoding to us (unlike `fetch`), which is what lets the wire bytes be capped as well as the
 * decoded ones.
 */
async function exchange(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | null,
  options: Pick<SendOptions, 'signal' | 'dispatcher' | 'maxBytes'>,
): Promise<StreamedResponse> {
  const host = new URL(url).hostname;
  const answer = await undiciRequest(url, {
    method: method as Dispatcher.HttpMethod,
    headers,
    body,
    signal: options.signal,
    dispatcher: options.dispatcher,
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined || DECODED_AWAY.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
  }
  if (NULL_BODY_STATUSES.has(answer.statusCode) || method === 'HEAD') {
    await answer.body.dump();
    return { status: answer.statusCode, headers: responseHeaders, body: null };
  }
  const declared = Number(answer.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    // Closes the socket without reading; the abort it reports is expected, not a failure.
    answer.body.on('error', () => {}).destroy();
    throw tooLarge(host, options.maxBytes, 'compressed');
  }
  const encoding = String(answer.headers['content-encoding'] ?? '');
  let bounded: Readable;
  try {
    bounded = boundedBody(answer.body, encoding, options.maxBytes, host);
  } catch (error) {
    // An unread body keeps its connection busy; a few such answers would stall the host's pool.
    answer.body.on('error', () => {}).destroy();
    throw error;
  }
  if (encoding === '' && Number.isFinite(declared)) responseHeaders.set('content-length', String(declared));
  return { status: answer.statusCode, headers: responseHeaders, body: bounded };
}

/** ky's `fetch`: the Request ky built goes out through the guarded dispatcher. */
async function exchangeRequest(request: Request, options: SendOptions): Promise<Response> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = request.body ? await request.text() : null;
  const answer = await exchange(request.url, request.method, headers, body, options);
  const init = { status: answer.status, headers: answer.headers };
  if (!answer.body) return new Response(null, init);
  return new Response(Readable.toWeb(answer.body) as unknown as ReadableStream<Uint8Array>, init);
}

/**
 * For answers read into memory: one request through ky (headers, signal, method handling)
 * without ky's own retries or redirects.
 */
export const kyTransport: Transport<Response> = {
  send: (url, options) =>
    ky(url, {
      method: options.method,
      headers: options.headers,
      ...(options.body !== undefined ? { body: options.body } : {}),
      signal: options.signal,
      retry: 0,
      timeout: false,
      throwHttpErrors: false,
      redirect: 'manual',
      fetch: (input) => exchangeRequest(input as Request, options),
    }),
  discard: async (response) => {
    await response.body?.cancel();
  },
};

/**
 * For downloads streamed to disk: the bounded Node stream goes straight to the file writer.
 * Wrapping it as a web stream (as a Response needs) copies every chunk once more and adds a
 * promise per chunk, garbage that only lifts peak memory while a large resource streams.
 */
export const streamTransport: Transport<StreamedResponse> = {
  send: (url, options) => {
    const headers = { ...options.headers };
    // What a Request adds for a text body on the ky path, so both paths send the same thing.
    if (options.body !== undefined) headers['content-type'] ??= 'text/plain;charset=UTF-8';
    return exchange(url.href, options.method, headers, options.body ?? null, options);
  },
  discard: async (response) => {
    response.body?.on('error', () => {}).destroy();
  },
};
