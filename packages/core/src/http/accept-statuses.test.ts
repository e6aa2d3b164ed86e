import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../contract/limits.js';
import { isOpenDataError } from '../errors/opendata-error.js';
import { silentLogger } from '../log/logger.js';
import { type LoopbackServer, startLoopbackServer } from '../testing/loopback-http-server.js';
import { createHttpClient } from './create-http-client.js';

let server: LoopbackServer;
let hits = 0;

beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    hits++;
    if (req.url === '/bad-query')
      return void res.writeHead(400, { 'content-type': 'text/plain' }).end('Parse error at line 1');
    res.writeHead(200).end('fine');
  });
});
afterAll(() => server.close());

const client = () =>
  createHttpClient({
    limits: DEFAULT_LIMITS,
    logger: silentLogger,
    policy: { trustedHosts: [server.hostPort] },
    resolver: async () => [],
  });

describe('accepted client-error statuses', () => {
  it('fail with upstream_error by default, without the body', async () => {
    const error = await client()
      .fetch({ url: `${server.origin}/bad-query` })
      .catch((e: unknown) => e);
    expect(isOpenDataError(error) && error.code).toBe('upstream_error');
    expect(String((error as Error).message)).not.toContain('Parse error');
  });

  it('come back as a response with the body when the caller accepts them, and are never cached', async () => {
    const http = client();
    const before = hits;
    for (let i = 0; i < 2; i++) {
      const response = await http.fetch({
        url: `${server.origin}/bad-query`,
        acceptStatuses: [400],
        cacheTtlMs: 60_000,
      });
      expect(response.status).toBe(400);
      expect(response.text()).toBe('Parse error at line 1');
      expect(response.fromCache).toBe(false);
    }
    expect(hits - before).toBe(2);
    const ok = await http.fetch({ url: `${server.origin}/ok`, acceptStatuses: [400], cacheTtlMs: 60_000 });
    const again = await http.fetch({ url: `${server.origin}/ok`, acceptStatuses: [400], cacheTtlMs: 60_000 });
    expect([ok.fromCache, again.fromCache]).toEqual([false, true]);
  });

  it('cannot switch off retries of retryable statuses', async () => {
    for (const status of [429, 408, 425, 503, 200, 302]) {
      await expect(client().fetch({ url: `${server.origin}/ok`, acceptStatuses: [status] })).rejects.toThrow(
        /acceptStatuses may only list non-retryable 4xx/,
      );
    }
  });
});
