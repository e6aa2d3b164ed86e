import { PassThrough } from 'node:stream';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { type RunningHttpServer, startHttpServer } from '@opendata-mcp/core/server';
import { describe, expect, it } from 'vitest';
import { cliHarness, configFile } from '../cli-harness.test-support.js';
import { runCli } from '../run-cli.js';
import type { ServeEffects } from './serve-effects.js';

/**
 * The real HTTP listener, stdio over in-memory streams instead of this process's, and a stop signal
 * the test sends. `listening` tells whether serve still waits for that signal.
 */
function testEffects() {
  let stop: (() => void) | undefined;
  let http: (value: RunningHttpServer) => void = () => {};
  const httpStarted = new Promise<RunningHttpServer>((resolve) => {
    http = resolve;
  });
  // What the client writes reaches the server's stdin, and the server's stdout reaches the client.
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const effects: ServeEffects = {
    startStdio(server, logger, onEnd) {
      toServer.once('end', onEnd);
      return serveStdio((request) => server.createMcpServer(request), {
        transport: new StdioServerTransport(toServer, toClient),
        onerror: (error) => logger.warn('stdio transport error', { error: error.message }),
      });
    },
    async startHttp(server, logger, options) {
      const running = await startHttpServer(server, logger, options);
      http(running);
      return running;
    },
    onStopSignal(s) {
      stop = s;
      return () => {
        stop = undefined;
      };
    },
  };
  return {
    effects,
    httpStarted,
    // Line-delimited JSON-RPC reads the same both ways, so the client end is a stdio transport turned round.
    stdioClientTransport: () => new StdioServerTransport(toClient, toServer),
    endStdin: () => toServer.end(),
    signal: () => stop?.(),
    listening: () => stop !== undefined,
  };
}

describe('opendata-mcp serve', () => {
  it('serves MCP over HTTP on loopback until the stop signal, then closes everything', async () => {
    const t = testEffects();
    const h = cliHarness({}, t.effects);
    const serving = runCli(['serve', '--offline', '--transport', 'http', '--port', '0'], h.deps);
    const { url } = await t.httpStarted;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);

    const client = new Client({ name: 'serve-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const answer = await client.callTool({ name: 'get_population', arguments: { canton: 'ZH' } });
    await client.close();
    expect(answer.structuredContent).toMatchObject({ ok: true, rows: [{ year: 2023, population: 1605508 }] });

    expect(h.err()).toBe(`opendata-mcp listening on ${url}\n`);
    expect(t.listening()).toBe(true);
    t.signal();
    expect(await serving).toBe(0);
    expect(t.listening()).toBe(false);
    expect([h.started(), h.closed()]).toEqual([1, 1]);
    await expect(fetch(url, { method: 'POST' })).rejects.toThrow();
  });

  it('serves MCP over stdio until the client closes stdin', async () => {
    const t = testEffects();
    const h = cliHarness({}, t.effects);
    const serving = runCli(['serve', '--offline'], h.deps);

    const client = new Client({ name: 'serve-test', version: '0.0.0' });
    await client.connect(t.stdioClientTransport());
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('get_population');
    const answer = await client.callTool({ name: 'get_population', arguments: { canton: 'ZH' } });
    expect(answer.structuredContent).toMatchObject({ ok: true, rows: [{ year: 2023, population: 1605508 }] });

    t.endStdin();
    expect(await serving).toBe(0);
    expect(t.listening()).toBe(false);
    expect([h.started(), h.closed()]).toEqual([1, 1]);
    // Nothing but protocol frames went to stdout, and nothing to the command's own output.
    expect(h.out()).toBe('');
    await client.close();
  });

  it('refuses bad usage with exit 2 and one clear message, before starting anything', async () => {
    const http = ['serve', '--offline', '--transport', 'http'];
    const cases: Array<[string[], string]> = [
      [['serve', '--offline', '--transport', 'pigeon'], '--transport must be stdio or http, got "pigeon".'],
      [[...http, '--port', '70000'], '--port must be a port number, got "70000".'],
      [[...http, '--port', 'eighty'], '--port must be a port number, got "eighty".'],
      [[...http, '--port', '80.5'], '--port must be a port number, got "80.5".'],
      [['serve', '--offline', '--colour'], "Unknown option '--colour'"],
      [[...http, '--port'], "Option '--port <value>' argument missing"],
    ];
    for (const [argv, message] of cases) {
      const t = testEffects();
      const h = cliHarness({}, t.effects);
      expect(await runCli(argv, h.deps), argv.join(' ')).toBe(2);
      expect(h.err()).toContain(message);
      expect(h.out()).toBe('');
      expect(h.started(), argv.join(' ')).toBe(0);
      expect(t.listening()).toBe(false);
    }
  });

  it('refuses a bad configuration with exit 2 and names the key', async () => {
    const t = testEffects();
    const h = cliHarness({}, t.effects);
    const config = await configFile({ adapters: [{ type: 'population' }], http: { port: 'eighty' } });
    expect(await runCli(['serve', '--transport', 'http', '--config', config], h.deps)).toBe(2);
    expect(h.err()).toMatch(/http\.port/);
    expect(t.listening()).toBe(false);
  });

  it('refuses an address it will not bind with exit 2, and closes what it started', async () => {
    const t = testEffects();
    const h = cliHarness({}, t.effects);
    const argv = ['serve', '--offline', '--transport', 'http', '--host', '0.0.0.0', '--port', '0'];
    expect(await runCli(argv, h.deps)).toBe(2);
    expect(h.err()).toMatch(/^Refusing to bind 0\.0\.0\.0 without allowed_hosts/);
    expect([h.started(), h.closed()]).toEqual([1, 1]);
    expect(t.listening()).toBe(false);
  });
});
