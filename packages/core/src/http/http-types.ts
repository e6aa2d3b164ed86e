/** What a tool may ask of the guarded HTTP client. URLs must come from portal metadata or configuration. */
export interface HttpRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Aborts the request (and its socket); tools pass `ctx.signal`. */
  signal?: AbortSignal;
  /** Per-attempt timeout in ms. */
  timeoutMs?: number;
  /** Total deadline across retries in ms. */
  deadlineMs?: number;
  /** Byte cap on the (decompressed) body; over it the call fails with `resource_too_large`. */
  maxBytes?: number;
  /** Retries on 429 / 5xx / network errors; 0 disables. */
  retries?: number;
  /**
   * `fetch`: keep a successful response in the metadata cache this long. `download`: reuse the
   * file on disk without asking the portal while it is younger than this; otherwise it is
   * revalidated. Off unless given.
   */
  cacheTtlMs?: number;
  /** Called while the body streams in. */
  onProgress?: (receivedBytes: number, totalBytes: number | null) => void;
  /**
   * `fetch` only: client-error statuses (4xx, except the retryable 408, 425, 429) answered as a
   * response instead of an error, for backends that explain a refusal in the body (a SPARQL store's
   * message on a bad query, CKAN's JSON error envelope). Such answers are never cached.
   */
  acceptStatuses?: number[];
}

export interface HttpResponse {
  status: number;
  /** Final URL after redirects. */
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
  fromCache: boolean;
  fetchedAt: Date;
  text(): string;
  json<T = unknown>(): T;
}

/**
 * A resource streamed to the disk cache; `path` is owned by the cache and must not be modified. The
 * cache keeps the file from eviction until `release()` is called, or for `limits.callDeadlineMs`
 * after the download returned when it is not; read the file within that time.
 */
export interface DownloadResult {
  path: string;
  url: string;
  bytes: number;
  contentType: string | null;
  etag: string | null;
  lastModified: string | null;
  /** True when the bytes on disk were reused (fresh, or confirmed by a 304). */
  fromCache: boolean;
  /** True when the portal confirmed the cached copy with 304 Not Modified. */
  revalidated: boolean;
  firstFetchedAt: Date;
  fetchedAt: Date;
  /** Tells the cache the file has been read and may be evicted again; calling it twice is harmless. */
  release?(): void;
}

export interface HttpStats {
  requests: number;
  retries: number;
  metadataCache: { entries: number; hits: number; misses: number };
  resourceCache: {
    entries: number;
    bytes: number;
    maxBytes: number;
    hits: number;
    revalidations: number;
    evictions: number;
  };
}

export interface HttpClient {
  /** A bounded request whose body is held in memory (metadata, API answers, SPARQL results). */
  fetch(request: HttpRequest): Promise<HttpResponse>;
  /** Streams a resource to the disk cache, revalidating a cached copy with ETag / Last-Modified. */
  download(request: HttpRequest): Promise<DownloadResult>;
  stats(): HttpStats;
  /**
   * Lets go of the client's sockets (aborting requests still in flight); the server calls it on
   * shutdown. Optional so a test double need not implement it.
   */
  close?(): Promise<void>;
}
