import type { NetworkPolicy } from '../contract/adapter.js';
import type { Limits } from '../contract/limits.js';
import type { Logger } from '../log/logger.js';
import type { DownloadResult, HttpClient, HttpRequest, HttpResponse } from './http-types.js';

export interface HttpClientOptions {
  policy?: NetworkPolicy;
  limits: Limits;
  logger: Logger;
  userAgent?: string;
  /** Directory of the on-disk resource cache. */
  cacheDir?: string;
}

// Provisional client: plain fetch without the address guard; replaced by the guarded client.
export function createHttpClient(options: HttpClientOptions): HttpClient {
  let requests = 0;
  const fetchOnce = async (request: HttpRequest): Promise<HttpResponse> => {
    requests++;
    const res = await fetch(request.url, {
      method: request.method ?? 'GET',
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
    });
    const body = new Uint8Array(await res.arrayBuffer());
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      headers[k] = v;
    });
    const text = () => new TextDecoder().decode(body);
    return {
      status: res.status,
      url: res.url,
      headers,
      body,
      fromCache: false,
      fetchedAt: new Date(),
      text,
      json: <T>() => JSON.parse(text()) as T,
    };
  };
  return {
    fetch: fetchOnce,
    download: async (): Promise<DownloadResult> => {
      throw new Error(`download is not available yet (${options.limits.maxDownloadBytes})`);
    },
    stats: () => ({
      requests,
      retries: 0,
      metadataCache: { entries: 0, hits: 0, misses: 0 },
      resourceCache: { entries: 0, bytes: 0, maxBytes: 0, hits: 0, revalidations: 0, evictions: 0 },
    }),
  };
}
