import type { Dispatcher } from 'undici';
import { OpenDataError } from '../errors/opendata-error.js';
import { type CompiledPolicy, checkUrl } from './network-policy.js';
import type { Transport } from './send-request.js';

export interface ExchangeRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
  maxBytes: number;
  maxRedirects: number;
  policy: CompiledPolicy;
  dispatcher: Dispatcher;
  /** Called once per hop, for the request counter. */
  onHop(): void;
  /** Called with each hop's status, or `error` when the hop got no answer; for metrics. */
  onResponse?(url: URL, status: number | 'error'): void;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/**
 * Sends a request and follows redirects by hand: every hop passes the URL guard again (and its
 * address is checked at connect time), and credentials never travel to another origin.
 */
export async function followRedirects<R extends { status: number; headers: Headers }>(
  request: ExchangeRequest,
  transport: Transport<R>,
): Promise<{ response: R; url: URL }> {
  let url = checkUrl(request.url, request.policy);
  let { method, body } = request;
  let headers = { ...request.headers };
  for (let hop = 0; ; hop++) {
    request.onHop();
    let response: R;
    try {
      response = await transport.send(url, {
        method,
        headers,
        body,
        signal: request.signal,
        dispatcher: request.dispatcher,
        maxBytes: request.maxBytes,
      });
    } catch (error) {
      request.onResponse?.(url, 'error');
      throw error;
    }
    request.onResponse?.(url, response.status);
    if (!REDIRECTS.has(response.status)) return { response, url };
    await transport.discard(response);
    const location = response.headers.get('location');
    if (!location || hop >= request.maxRedirects) {
      throw new OpenDataError(
        'upstream_error',
        location
          ? `${url.hostname} redirected more than ${request.maxRedirects} times.`
          : `${url.hostname} sent a redirect without a target.`,
        { details: { status: response.status, host: url.hostname } },
      );
    }
    const next = checkUrl(new URL(location, url).href, request.policy);
    if (next.origin !== url.origin) {
      headers = Object.fromEntries(
        Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name.toLowerCase())),
      );
    }
    if (response.status === 303 || (method === 'POST' && response.status <= 302)) {
      method = 'GET';
      body = undefined;
      headers = Object.fromEntries(
        Object.entries(headers).filter(([n]) => n.toLowerCase() !== 'content-type'),
      );
    }
    url = next;
  }
}
