import {
  createOpenDataServer,
  DEFAULT_MAX_BODY_BYTES,
  type OpenDataServer,
  type RunningHttpServer,
  silentLogger,
  startHttpServer,
} from '@opendata-mcp/core/server';
import { afterEach, describe, expect, it } from 'vitest';
import { probeAdapter } from './fixtures/probe-adapter.js';
import { INITIALIZE, rawGet, rawPost } from './raw-post.js';

const servers: RunningHttpServer[] = [];
const newServer = (): OpenDataServer =>
  createOpenDataServer({ adapters: [probeAdapter()], logger: silentLogger });

async function start(options: Parameters<typeof startHttpServer>[2] = {}): Promise<RunningHttpServer> {
  const running = await startHttpServer(newServer(), silentLogger, { port: 0, ...options });
  servers.push(running);
  return running;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('HTTP transport security', () => {
  it('answers a plain loopback request', async () => {
    const { url } = await start();
    const res = await rawPost(url);
    expect(res.status).toBe(200);
    expect(res.body).toContain('"protocolVersion"');
  });

  it('refuses a foreign Host header with 403 (DNS rebinding)', async () => {
    const { url } = await start();
    const res = await rawPost(url, { headers: { host: 'evil.example:80' } });
    expect(res.status).toBe(403);
  });

  it('accepts a Host listed in allowed_hosts and every loopback form', async () => {
    const { url, port } = await start({ allowedHosts: ['mcp.example.org'] });
    for (const host of [
      `mcp.example.org:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      `127.0.0.1:${port}`,
    ]) {
      expect((await rawPost(url, { headers: { host } })).status, host).toBe(200);
    }
  });

  it('refuses a foreign Origin with 403', async () => {
    const { url } = await start();
    const res = await rawPost(url, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });

  it("refuses a loopback Origin on another port (another local page), but accepts the server's own origin", async () => {
    const { url, port } = await start();
    expect((await rawPost(url, { headers: { origin: `http://127.0.0.1:${port + 1}` } })).status).toBe(403);
    expect((await rawPost(url, { headers: { origin: `http://127.0.0.1:${port}` } })).status).toBe(200);
  });

  it('accepts an Origin listed exactly in allowed_origins', async () => {
    const { url } = await start({ allowedOrigins: ['https://app.example.org'] });
    expect((await rawPost(url, { headers: { origin: 'https://app.example.org' } })).status).toBe(200);
    expect((await rawPost(url, { headers: { origin: 'https://app.example.org:8443' } })).status).toBe(403);
  });

  it('refuses to start with "*" in allowed_origins', async () => {
    await expect(start({ allowedOrigins: ['*'] })).rejects.toThrow(/wildcard/);
    await expect(start({ allowedOrigins: ['https://*.example.org'] })).rejects.toThrow(/wildcard/);
  });

  it('refuses to start with an allowed_origins entry that is not a bare origin', async () => {
    await expect(start({ allowedOrigins: ['https://app.example.org/path'] })).rejects.toThrow(/origin only/);
  });

  it('refuses to bind a non-loopback interface without allowed_hosts', async () => {
    await expect(start({ host: '0.0.0.0' })).rejects.toThrow(/allowed_hosts/);
  });

  it('refuses a body over the default 1 MiB cap by Content-Length with 413', async () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(1024 * 1024);
    const { url } = await start();
    const body = Buffer.alloc(DEFAULT_MAX_BODY_BYTES + 1, 0x20);
    const res = await rawPost(url, { body });
    expect(res.status).toBe(413);
  });

  it('refuses a chunked body that grows past the cap with 413', async () => {
    const { url } = await start({ maxBodyBytes: 64 * 1024 });
    const chunks = Array.from({ length: 8 }, () => Buffer.alloc(16 * 1024, 0x20));
    const res = await rawPost(url, { chunks });
    expect(res.status).toBe(413);
  });

  it('accepts a chunked body under the cap', async () => {
    const { url } = await start({ maxBodyBytes: 64 * 1024 });
    const res = await rawPost(url, {
      chunks: [Buffer.from(INITIALIZE.slice(0, 20)), Buffer.from(INITIALIZE.slice(20))],
    });
    expect(res.status).toBe(200);
  });

  it('asks for the bearer token with 401 when it is missing or wrong, and serves with it', async () => {
    const { url } = await start({ bearerToken: 's3cret-token' });
    const missing = await rawPost(url);
    expect(missing.status).toBe(401);
    expect((await rawPost(url, { headers: { authorization: 'Bearer wrong-token!' } })).status).toBe(401);
    expect((await rawPost(url, { headers: { authorization: 'Bearer s3cret-token-longer' } })).status).toBe(
      401,
    );
    expect((await rawPost(url, { headers: { authorization: 'Basic s3cret-token' } })).status).toBe(401);
    expect((await rawPost(url, { headers: { authorization: 'Bearer s3cret-token' } })).status).toBe(200);
  });

  it('answers /healthz without a token, for container probes, and 404 elsewhere', async () => {
    const { url } = await start({ bearerToken: 's3cret-token' });
    const health = await rawGet(url.replace(/\/mcp$/, '/healthz'));
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    expect((await rawGet(url.replace(/\/mcp$/, '/other'))).status).toBe(404);
  });
});
