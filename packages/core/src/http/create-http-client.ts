import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as delay } from 'node:timers/promises';
import pLimit, { type LimitFunction } from 'p-limit';
import { createResourceCache, type ResourceEntry } from '../cache/resource-cache.js';
import { createTtlCache } from '../cache/ttl-cache.js';
import type { NetworkPolicy } from '../contract/adapter.js';
import type { Limits } from '../contract/limits.js';
import type { OpenDataError } from '../errors/opendata-error.js';
import type { Logger } from '../log/logger.js';
import { cacheKey } from './cache-key.js';
import { followRedirects } from './follow-redirects.js';
import { createGuardedAgent } from './guarded-connector.js';
import { statusError, timeoutError, toOpenDataError } from './http-errors.js';
import type { DownloadResult, HttpClient, HttpRequest, HttpResponse } from './http-types.js';
import { checkUrl, compilePolicy } from './network-policy.js';
import { type Resolver, systemResolver } from './resolver.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelay } from './retry-policy.js';
import { DEFAULT_USER_AGENT } from './user-agent.js';

export interface HttpClientOptions {
  /** The adapter's network policy: trusted `host:port` fixtures and an optional host allow-list. */
  policy?: NetworkPolicy;
  limits: Limits;
  logger: Logger;
  /** Defaults to `opendata-mcp/<version>`. */
  userAgent?: string;
  /** Directory of the on-disk resource cache; defaults to a folder under the system temp dir. */
  cacheDir?: string;
  /** Byte bound of the on-disk resource cache (default 2 GiB). */
  cacheMaxBytes?: number;
  /** Byte bound of the in-memory metadata cache (default 64 MiB). */
  metadataCacheMaxBytes?: number;
  /** Parallel requests per host (default 4). */
  maxConcurrentPerHost?: number;
  /** Redirect hops followed (default 5). */
  maxRedirects?: number;
  retry?: Partial<RetryPolicy>;
  /** Name resolution, injectable so tests run offline (default: the system resolver). */
  resolver?: Resolver;
  /** Waits between retries; injectable so tests can observe the delays. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

type Snapshot = Omit<HttpResponse, 'text' | 'json' | 'fromCache'>;

const DEFAULT_CACHE_MAX_BYTES = 2 * 1024 ** 3;
const DEFAULT_METADATA_MAX_BYTES = 64 * 1024 ** 2;
const CONNECT_TIMEOUT_MS = 10_000;

const defaultSleep = (ms: number, signal: AbortSignal) => delay(ms, undefined, { signal });

function materialize(snapshot: Snapshot, fromCache: boolean): HttpResponse {
  const text = () => new TextDecoder().decode(snapshot.body);
  return { ...snapshot, fromCache, text, json: <T>() => JSON.parse(text()) as T };
}

function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

function progressCounter(total: number | null, onProgress: HttpRequest['onProgress']): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      onProgress?.(received, total);
      callback(null, chunk);
    },
  });
}

/**
 * The guarded HTTP client every adapter reaches the network through (`ctx.http`): URL and
 * address guard with pinned sockets, manual redirects, bounded bodies, retries with backoff,
 * a per-host concurrency limit, a metadata TTL cache and a revalidating disk cache.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { limits } = options;
  const policy = compilePolicy(options.policy);
  const retryPolicy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const perHost = options.maxConcurrentPerHost ?? 4;
  const sleep = options.sleep ?? defaultSleep;
  const dispatcher = createGuardedAgent(policy, options.resolver ?? systemResolver, {
    connectTimeoutMs: Math.min(CONNECT_TIMEOUT_MS, limits.requestTimeoutMs),
    connections: perHost,
  });
  const metadata = createTtlCache({
    maxSize: options.metadataCacheMaxBytes ?? DEFAULT_METADATA_MAX_BYTES,
    sizeOf: (value) => (value as Snapshot).body.byteLength,
  });
  const resources = createResourceCache({
    dir: options.cacheDir ?? join(tmpdir(), 'opendata-mcp', 'resources'),
    maxBytes: options.cacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES,
  });
  const limiters = new Map<string, LimitFunction>();
  const counters = { requests: 0, retries: 0, resourceHits: 0, revalidations: 0 };

  const limiterFor = (host: string) => {
    let limiter = limiters.get(host);
    if (!limiter) {
      limiter = pLimit(perHost);
      limiters.set(host, limiter);
    }
    return limiter;
  };

  /** Runs attempts under the per-attempt timeout, the total deadline and the caller's signal. */
  async function withRetries<T>(
    request: HttpRequest,
    attempt: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const host = checkUrl(request.url, policy).hostname;
    const deadlineMs = request.deadlineMs ?? limits.callDeadlineMs;
    const timeoutMs = request.timeoutMs ?? limits.requestTimeoutMs;
    const retries = request.retries ?? retryPolicy.retries;
    const deadline = AbortSignal.timeout(deadlineMs);
    const outer = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
    const started = Date.now();
    for (let retry = 0; ; retry++) {
      const attemptTimer = AbortSignal.timeout(timeoutMs);
      let failure: OpenDataError;
      try {
        return await limiterFor(host)(() => {
          const signal = AbortSignal.any([outer, attemptTimer]);
          signal.throwIfAborted();
          return attempt(signal);
        });
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason;
        if (deadline.aborted) throw timeoutError(host, 'deadline', deadlineMs);
        // A stalled portal is not retried: another full timeout rarely helps the caller.
        if (attemptTimer.aborted) throw timeoutError(host, 'attempt', timeoutMs);
        failure = toOpenDataError(error, host);
      }
      if (!failure.retryable || retry >= retries) throw failure;
      const wait = retryDelay(failure, retry, retryPolicy);
      if (Date.now() - started + wait >= deadlineMs) throw failure;
      options.logger.debug('retrying upstream request', {
        host,
        code: failure.code,
        wait_ms: Math.round(wait),
      });
      counters.retries++;
      try {
        await sleep(wait, outer);
      } catch {
        if (request.signal?.aborted) throw request.signal.reason;
        throw failure;
      }
    }
  }

  function send(
    request: HttpRequest,
    signal: AbortSignal,
    maxBytes: number,
    extra: Record<string, string> = {},
  ) {
    return followRedirects({
      url: request.url,
      method: request.method ?? 'GET',
      headers: {
        ...request.headers,
        ...extra,
        'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
        'accept-encoding': 'gzip, deflate, br',
      },
      body: request.body,
      signal,
      maxBytes,
      maxRedirects: options.maxRedirects ?? 5,
      policy,
      dispatcher,
      onHop: () => {
        counters.requests++;
      },
    });
  }

  async function fetchFresh(request: HttpRequest): Promise<Snapshot> {
    return withRetries(request, async (signal) => {
      const { response, url } = await send(request, signal, request.maxBytes ?? limits.maxResponseBytes);
      if (!response.ok) {
        await response.body?.cancel();
        throw statusError(response.status, url.hostname, response.headers.get('retry-after'));
      }
      const declared = Number(response.headers.get('content-length'));
      const chunks: Uint8Array[] = [];
      let received = 0;
      if (response.body) {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          chunks.push(chunk);
          received += chunk.byteLength;
          request.onProgress?.(received, Number.isFinite(declared) ? declared : null);
        }
      }
      return {
        status: response.status,
        url: url.href,
        headers: headerRecord(response.headers),
        body: Buffer.concat(chunks),
        fetchedAt: new Date(),
      };
    });
  }

  function toResult(entry: ResourceEntry, fromCache: boolean, revalidated: boolean): DownloadResult {
    const { path, url, bytes, contentType, etag, lastModified, firstFetchedAt, fetchedAt } = entry;
    return {
      path,
      url,
      bytes,
      contentType,
      etag,
      lastModified,
      fromCache,
      revalidated,
      firstFetchedAt,
      fetchedAt,
    };
  }

  async function download(request: HttpRequest): Promise<DownloadResult> {
    const key = cacheKey(request);
    const cached = await resources.get(key);
    const ttl = request.cacheTtlMs ?? 0;
    if (cached && Date.now() - cached.fetchedAt.getTime() < ttl) {
      counters.resourceHits++;
      return toResult(cached, true, false);
    }
    const conditional: Record<string, string> = {};
    if (cached?.etag) conditional['if-none-match'] = cached.etag;
    if (cached?.lastModified) conditional['if-modified-since'] = cached.lastModified;
    return withRetries(request, async (signal) => {
      const maxBytes = request.maxBytes ?? limits.maxDownloadBytes;
      const { response, url } = await send(request, signal, maxBytes, conditional);
      if (response.status === 304 && cached) {
        const confirmed = (await resources.confirm(key, new Date())) ?? cached;
        counters.resourceHits++;
        counters.revalidations++;
        return toResult(confirmed, true, true);
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw statusError(response.status, url.hostname, response.headers.get('retry-after'));
      }
      const declared = Number(response.headers.get('content-length'));
      // pipeline (unlike pipe) carries a failure of the source, such as the size cap, to the file writer.
      const body = pipeline(
        Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>),
        progressCounter(Number.isFinite(declared) ? declared : null, request.onProgress),
        () => {},
      );
      const now = new Date();
      const entry = await resources.store(key, body, {
        url: url.href,
        contentType: response.headers.get('content-type'),
        etag: response.headers.get('etag'),
        lastModified: response.headers.get('last-modified'),
        firstFetchedAt: now,
        fetchedAt: now,
      });
      return toResult(entry, false, false);
    });
  }

  return {
    async fetch(request) {
      const ttl = request.cacheTtlMs ?? 0;
      if (ttl <= 0) return materialize(await fetchFresh(request), false);
      const { value, hit } = await metadata.getOrLoad(cacheKey(request), ttl, () => fetchFresh(request));
      return materialize(value, hit);
    },
    download,
    stats: () => {
      const disk = resources.stats();
      return {
        requests: counters.requests,
        retries: counters.retries,
        metadataCache: metadata.stats(),
        resourceCache: {
          entries: disk.entries,
          bytes: disk.bytes,
          maxBytes: disk.maxBytes,
          hits: counters.resourceHits,
          revalidations: counters.revalidations,
          evictions: disk.evictions,
        },
      };
    },
  };
}
