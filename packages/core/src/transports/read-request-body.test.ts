import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readRequestBody } from './read-request-body.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  );
});

/** What readRequestBody answered, and whether it left the request flowing (null: never read). */
interface Seen {
  result: unknown;
  flowing: boolean | null;
}

/** Reads one request's body on a loopback server and reports what readRequestBody made of it. */
async function readOne(max: number, send: (url: string) => void): Promise<Seen> {
  let settle: (value: Seen) => void = () => {};
  const seen = new Promise<Seen>((r) => {
    settle = r;
  });
  const server = createServer((req: IncomingMessage, res) => {
    readRequestBody(req, max).then(
      (result) => settle({ result, flowing: req.readableFlowing }),
      (error: Error) => settle({ result: error, flowing: req.readableFlowing }),
    );
    req.once('end', () => res.end());
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  send(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return seen;
}

function post(url: string, headers: Record<string, string>, chunks: Buffer[], end = true): void {
  const req = request(url, { method: 'POST', headers });
  req.on('error', () => {});
  for (const chunk of chunks) req.write(chunk);
  if (end) req.end();
  else setTimeout(() => req.destroy(), 100);
}

describe('readRequestBody', () => {
  it('returns the whole body when it stays within the cap', async () => {
    const { result } = await readOne(10, (url) =>
      post(url, {}, [Buffer.from('12345'), Buffer.from('67890')]),
    );
    expect(Buffer.isBuffer(result) && result.toString()).toBe('1234567890');
  });

  it('refuses by the declared Content-Length before reading any of the body', async () => {
    const { result, flowing } = await readOne(10, (url) =>
      post(url, { 'content-length': '11' }, [Buffer.from('12345678901')]),
    );
    expect(result).toBe('too_large');
    expect(flowing).toBeNull();
  });

  it('refuses a chunked body at the chunk that crosses the cap, leaving the rest unread and paused', async () => {
    const { result, flowing } = await readOne(10, (url) =>
      post(url, {}, [Buffer.from('123456'), Buffer.from('789012')]),
    );
    expect(result).toBe('too_large');
    expect(flowing).toBe(false);
  });

  it('fails when the client leaves before its body ends', async () => {
    const { result } = await readOne(1024, (url) =>
      post(url, { 'content-length': '100' }, [Buffer.from('partial')], false),
    );
    expect(result).toBeInstanceOf(Error);
    expect((result as Error).message).toMatch(/closed the request before its body ended/);
  });
});
