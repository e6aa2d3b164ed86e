import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoopbackHttpClient } from '../testing/loopback-http-client.js';
import { type LoopbackServer, startLoopbackServer } from '../testing/loopback-http-server.js';
import type { HttpClientOptions } from './create-http-client.js';
import type { Resolver } from './resolver.js';

let dir: string;
let server: LoopbackServer;
let hits: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'http-guard-'));
  hits = [];
  server = await startLoopbackServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url?.startsWith('/redirect-to')) {
      res.writeHead(302, { location: decodeURIComponent(req.url.slice('/redirect-to?'.length)) });
      res.end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/plain',
      'x-seen-user-agent': req.headers['user-agent'] ?? '',
    });
    res.end(`seen ${req.headers.authorization ?? 'no credentials'}`);
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const noDns: Resolver = async (name) => {
  throw new Error(`unexpected DNS lookup of ${name}`);
};

function client(extra: Partial<HttpClientOptions> = {}) {
  return createLoopbackHttpClient(server.hostPort, {
    cacheDir: dir,
    resolver: noDns,
    retry: { retries: 0 },
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; details?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string };
  }
  throw new Error('expected a failure');
}

describe('guarded client: refusals', () => {
  it.each([
    'https://2130706433/',
    'https://0177.0.0.1/',
    'https://0x7f000001/',
    'https://127.1/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://169.254.169.254/',
    'https://[fd12::1]/',
  ])('refuses the private literal %s before any connection', async (url) => {
    const http = client();
    expect(await failure(http.fetch({ url }))).toMatchObject({ code: 'unsafe_url' });
    expect(http.stats().requests).toBe(0);
  });

  it('refuses a name whose DNS answer is private', async () => {
    const http = client({ resolver: async () => ['192.168.1.20'] });
    expect(await failure(http.fetch({ url: 'https://intranet.example.org/' }))).toMatchObject({
      code: 'unsafe_url',
      details: { host: 'intranet.example.org' },
    });
  });

  it('refuses a name when any one of its DNS answers is private', async () => {
    const http = client({ resolver: async () => ['93.184.216.34', '10.0.0.7'] });
    expect(await failure(http.fetch({ url: 'https://mixed.example.org/' }))).toMatchObject({
      code: 'unsafe_url',
    });
  });

  it('refuses a name that resolves to loopback, even with the trusted port', async () => {
    const port = server.hostPort.split(':')[1];
    const http = client({ resolver: async () => ['127.0.0.1'] });
    expect(await failure(http.fetch({ url: `http://sneaky.example.org:${port}/` }))).toMatchObject({
      code: 'unsafe_url',
    });
    expect(hits).toEqual([]);
  });

  it('refuses plain http to an untrusted host', async () => {
    expect(await failure(client().fetch({ url: 'http://portal.example.org/' }))).toMatchObject({
      code: 'unsafe_url',
    });
  });

  it('refuses a non-default port on an untrusted host', async () => {
    expect(await failure(client().fetch({ url: 'https://portal.example.org:8443/' }))).toMatchObject({
      code: 'unsafe_url',
    });
  });

  it('refuses a host outside the allow-list', async () => {
    const http = client({ policy: { trustedHosts: [server.hostPort], allowedHosts: ['data.example.org'] } });
    expect(await failure(http.fetch({ url: 'https://other.example.org/' }))).toMatchObject({
      code: 'unsafe_url',
    });
  });

  it('refuses a redirect to a private literal address', async () => {
    const target = encodeURIComponent('https://0x7f000001/admin');
    expect(await failure(client().fetch({ url: `${server.origin}/redirect-to?${target}` }))).toMatchObject({
      code: 'unsafe_url',
    });
    expect(hits).toHaveLength(1);
  });

  it('refuses a redirect to a name whose DNS answer is private', async () => {
    const http = client({ resolver: async () => ['10.20.30.40'] });
    const target = encodeURIComponent('https://internal.example.org/');
    expect(await failure(http.fetch({ url: `${server.origin}/redirect-to?${target}` }))).toMatchObject({
      code: 'unsafe_url',
    });
  });

  it('refuses a redirect from https-allowed fixture to plain http elsewhere', async () => {
    const target = encodeURIComponent('http://portal.example.org/');
    expect(await failure(client().fetch({ url: `${server.origin}/redirect-to?${target}` }))).toMatchObject({
      code: 'unsafe_url',
    });
  });

  it('stops after five redirects', async () => {
    let hop = 0;
    const loop = await startLoopbackServer((_req, res) => {
      hop++;
      res.writeHead(302, { location: `/hop-${hop}` });
      res.end();
    });
    try {
      const http = client({ policy: { trustedHosts: [loop.hostPort] } });
      expect(await failure(http.fetch({ url: `${loop.origin}/start` }))).toMatchObject({
        code: 'upstream_error',
      });
      expect(hop).toBe(6);
    } finally {
      await loop.close();
    }
  });

  it('pins the socket to the checked address when DNS rebinds', async () => {
    // A closed port: the pinned connection fails locally instead of leaving the machine.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const answers = [['93.184.216.34'], ['127.0.0.1']];
    const resolver = vi.fn<Resolver>(async () => answers.shift() ?? ['127.0.0.1']);
    const targets: Array<{ host: unknown; servername: unknown }> = [];
    const realConnect = tls.connect;
    vi.spyOn(tls, 'connect').mockImplementation(((opts: tls.ConnectionOptions) => {
      targets.push({ host: opts.host, servername: opts.servername });
      return realConnect({ ...opts, host: '127.0.0.1', port: closedPort });
    }) as typeof tls.connect);

    const http = client({ resolver });
    expect(await failure(http.fetch({ url: 'https://rebind.example.org/data' }))).toMatchObject({
      code: 'upstream_unavailable',
    });
    expect(resolver).toHaveBeenCalledTimes(1);
    expect(targets).toEqual([{ host: '93.184.216.34', servername: 'rebind.example.org' }]);
  });

  it('never forwards credentials to another origin on redirect', async () => {
    const other = await startLoopbackServer((req, res) => {
      res.end(`seen ${req.headers.authorization ?? 'no credentials'} ${req.headers.cookie ?? 'no cookie'}`);
    });
    try {
      const http = client({ policy: { trustedHosts: [server.hostPort, other.hostPort] } });
      const target = encodeURIComponent(`${other.origin}/landing`);
      const response = await http.fetch({
        url: `${server.origin}/redirect-to?${target}`,
        headers: { authorization: 'Bearer secret', cookie: 'session=1' },
      });
      expect(response.text()).toBe('seen no credentials no cookie');
      expect(response.url).toBe(`${other.origin}/landing`);
    } finally {
      await other.close();
    }
  });

  it('keeps credentials on a same-origin redirect and sends its user agent', async () => {
    const target = encodeURIComponent(`${server.origin}/landing`);
    const response = await client().fetch({
      url: `${server.origin}/redirect-to?${target}`,
      headers: { authorization: 'Bearer secret' },
    });
    expect(response.text()).toBe('seen Bearer secret');
    expect(response.headers['x-seen-user-agent']).toMatch(/^opendata-mcp\/\d+\.\d+\.\d+/);
  });
});

describe('guarded client: reading a body as JSON', () => {
  it('refuses a body that is not JSON as the backend failing, not as a bare SyntaxError', async () => {
    const response = await client().fetch({ url: `${server.origin}/page` });
    let thrown: unknown;
    try {
      response.json();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      code: 'upstream_error',
      message: expect.stringContaining('not JSON'),
      details: { status: 200, host: server.hostPort },
    });
    expect(response.text()).toBe('seen no credentials');
  });
});
