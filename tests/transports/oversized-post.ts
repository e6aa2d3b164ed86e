import { type ClientRequest, request } from 'node:http';

export type Client = 'node:http' | 'fetch';
export type Framing = 'declared' | 'chunked';

/** What one client saw of its POST: the status and body it read, and any error on the way. */
export interface Attempt {
  status?: number;
  body?: string;
  error?: string;
  /** Body bytes the client handed to its connection before it stopped sending. */
  sent: number;
}

/** Written again and again: the bodies are large, and the server must not be able to tell them apart. */
const CHUNK = Buffer.alloc(256 * 1024, 0x20);
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

export function postOversized(url: string, client: Client, framing: Framing, size: number): Promise<Attempt> {
  return client === 'fetch' ? fetchPost(url, framing, size) : nodePost(url, framing, size);
}

/** Node's http client; settles once the connection has closed, so a reset after the answer shows. */
function nodePost(url: string, framing: Framing, size: number): Promise<Attempt> {
  const attempt: Attempt = { sent: 0 };
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'POST',
      headers: { ...HEADERS, ...(framing === 'declared' ? { 'content-length': String(size) } : {}) },
    });
    req.on('response', (res) => {
      attempt.status = res.statusCode;
      attempt.body = '';
      res.on('data', (chunk: Buffer) => {
        attempt.body += chunk.toString();
      });
      res.on('error', (error: NodeJS.ErrnoException) => {
        attempt.error ??= error.code ?? error.message;
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      attempt.error ??= error.code ?? error.message;
    });
    req.on('close', () => {
      attempt.sent = req.socket?.bytesWritten ?? 0;
      resolve(attempt);
    });
    writeBody(req, size);
  });
}

function writeBody(req: ClientRequest, size: number): void {
  let sent = 0;
  const more = (): void => {
    while (sent < size && !req.destroyed) {
      const n = Math.min(CHUNK.length, size - sent);
      sent += n;
      if (!req.write(CHUNK.subarray(0, n))) return void req.once('drain', more);
    }
    if (!req.destroyed) req.end();
  };
  more();
}

/** fetch streams the body either way; a declared one carries its Content-Length. */
async function fetchPost(url: string, framing: Framing, size: number): Promise<Attempt> {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(CHUNK.length, size - sent);
      sent += n;
      controller.enqueue(CHUNK.subarray(0, n));
    },
  });
  const attempt: Attempt = { sent: 0 };
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...HEADERS, ...(framing === 'declared' ? { 'content-length': String(size) } : {}) },
      body,
      duplex: 'half',
    } as RequestInit);
    attempt.status = res.status;
    attempt.body = await res.text();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    attempt.error = cause?.code ?? (error as Error).message;
  }
  attempt.sent = sent;
  return attempt;
}
