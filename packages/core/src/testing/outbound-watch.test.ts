import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoopbackHttpClient } from './loopback-http-client.js';
import { type LoopbackServer, startLoopbackServer } from './loopback-http-server.js';
import { watchOutbound } from './outbound-watch.js';

describe('watchOutbound', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startLoopbackServer((_req, res) => void res.end('ok'));
  });
  afterAll(() => server.close());

  it('lets the guarded client through', async () => {
    const watch = watchOutbound();
    const client = watch.sanction(createLoopbackHttpClient(server.hostPort));
    await watch.during(() => client.fetch({ url: `${server.origin}/a` }));
    watch.stop();
    await client.close?.();
    expect(watch.violations()).toEqual([]);
  });

  it('records a raw node:http request with its peer', async () => {
    const watch = watchOutbound();
    await watch.during(
      () =>
        new Promise<void>((resolve, reject) => {
          const req = request(`${server.origin}/raw`, { agent: false }, (res) => {
            res.resume();
            res.on('end', resolve);
          });
          req.on('error', reject);
          req.end();
        }),
    );
    watch.stop();
    expect(watch.violations()).toEqual([
      `client socket to 127.0.0.1:${server.hostPort.split(':')[1]} opened outside ctx.http`,
    ]);
  });

  it('records a global fetch with its URL and restores fetch afterwards', async () => {
    const original = globalThis.fetch;
    const watch = watchOutbound();
    await watch.during(async () => {
      await (await fetch(`${server.origin}/global`)).text();
    });
    watch.stop();
    expect(watch.violations()).toContain(`global fetch ${server.origin}/global`);
    expect(globalThis.fetch).toBe(original);
  });

  it('ignores traffic outside `during`', async () => {
    const watch = watchOutbound();
    await (await fetch(`${server.origin}/outside`)).text();
    watch.stop();
    expect(watch.violations()).toEqual([]);
  });
});
