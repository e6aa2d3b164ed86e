import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../contract/limits.js';
import { toErrorBody } from '../errors/error-body.js';
import { silentLogger } from '../log/logger.js';
import { startLoopbackServer } from '../testing/loopback-http-server.js';
import { createHttpClient } from './create-http-client.js';

// The first call an adapter author makes is usually plain http to a loopback test server; the
// refusal has to say which option fixes it.
describe('unsafe_url hints name the option that allows a test server', () => {
  it('for plain http to a loopback server the client was not told to trust', async () => {
    const server = await startLoopbackServer((_req, res) => void res.end('{}'));
    const client = createHttpClient({ limits: DEFAULT_LIMITS, logger: silentLogger });
    try {
      const error = await client.fetch({ url: `${server.origin}/x` }).catch((e: unknown) => e);
      const body = toErrorBody(error);
      expect(body.code).toBe('unsafe_url');
      expect(body.hint).toContain('trusted_hosts');
      expect(body.hint).toContain('host:port');
    } finally {
      await client.close?.();
      await server.close();
    }
  });

  it('for an https name that resolves to a loopback address', async () => {
    const client = createHttpClient({
      limits: DEFAULT_LIMITS,
      logger: silentLogger,
      resolver: async () => ['127.0.0.1'],
    });
    try {
      const error = await client
        .fetch({ url: 'https://portal.example.org/x', retries: 0 })
        .catch((e: unknown) => e);
      const body = toErrorBody(error);
      expect(body.code).toBe('unsafe_url');
      expect(body.hint).toContain('trusted_hosts');
    } finally {
      await client.close?.();
    }
  });
});
