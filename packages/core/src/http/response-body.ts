import { pipeline, type Readable, Transform } from 'node:stream';
import type { ResourceEntry } from '../cache/resource-cache.js';
import { OpenDataError } from '../errors/opendata-error.js';
import type { DownloadResult, HttpRequest, HttpResponse } from './http-types.js';

/** A fully read response, as the metadata cache keeps it. */
export type Snapshot = Omit<HttpResponse, 'text' | 'json' | 'fromCache'>;

export function materialize(snapshot: Snapshot, fromCache: boolean): HttpResponse {
  const text = () => new TextDecoder().decode(snapshot.body);
  return { ...snapshot, fromCache, text, json: <T>() => parseJsonBody(text(), snapshot) as T };
}

/**
 * A body read as JSON. A backend that sends something else (a proxy's HTML page, a maintenance
 * notice, a body cut short) failed upstream: the caller gets that error, never a bare SyntaxError
 * that the server could only report as its own fault.
 */
function parseJsonBody(text: string, { status, url }: Snapshot): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Named by host, as every upstream error is: a full URL may carry a key in its query.
    const { host } = new URL(url);
    throw new OpenDataError('upstream_error', `${host} answered with something that is not JSON.`, {
      hint: 'It may be in maintenance or behind a proxy or bot-check page; check api_status and try again later.',
      details: { status, host },
    });
  }
}

function declaredLength(headers: Headers): number | null {
  const declared = Number(headers.get('content-length'));
  return headers.has('content-length') && Number.isFinite(declared) ? declared : null;
}

/** Reads a (bounded) body into memory, reporting progress as it arrives. */
export async function readSnapshot(
  response: Response,
  url: URL,
  onProgress: HttpRequest['onProgress'],
): Promise<Snapshot> {
  const total = declaredLength(response.headers);
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (response.body) {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      chunks.push(chunk);
      received += chunk.byteLength;
      onProgress?.(received, total);
    }
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return {
    status: response.status,
    url: url.href,
    headers,
    body: Buffer.concat(chunks),
    fetchedAt: new Date(),
  };
}

/** The body for the disk cache, reporting progress as it streams. */
export function withProgress(
  body: Readable,
  headers: Headers,
  onProgress: HttpRequest['onProgress'],
): Readable {
  if (!onProgress) return body;
  const total = declaredLength(headers);
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      onProgress(received, total);
      callback(null, chunk);
    },
  });
  // pipeline (unlike pipe) carries a failure of the source, such as the size cap, to the file writer.
  return pipeline(body, counter, () => {});
}

export function toDownloadResult(
  entry: ResourceEntry,
  fromCache: boolean,
  revalidated: boolean,
): DownloadResult {
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
