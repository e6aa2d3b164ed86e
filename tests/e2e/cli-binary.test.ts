import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildWorkspace } from './build-workspace.js';

// The suite drives the built binary exactly as a desktop client or `pnpm demo` would.
const bin = fileURLToPath(new URL('../../packages/cli/bin/opendata-mcp.js', import.meta.url));
const quiet = { ...process.env, OPENDATA_MCP_LOG_LEVEL: 'warn' } as Record<string, string>;

beforeAll(buildWorkspace, 180_000);

function text(result: { structuredContent?: unknown }) {
  return result.structuredContent as Record<string, unknown> & { ok: boolean };
}

describe('opendata-mcp serve --offline over stdio', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'e2e', version: '0.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'serve', '--offline'],
        env: quiet,
        stderr: 'pipe',
      }),
    );
  }, 60_000);
  afterAll(() => client?.close());

  it('lists the tools of both adapters and the shared status tool', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of [
      'api_status',
      'search_cubes',
      'query_cube_observations',
      'run_sparql',
      'search_datasets',
      'query_resource',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('answers a LINDAS and a CKAN question with provenance', async () => {
    const cubes = text(await client.callTool({ name: 'search_cubes', arguments: { query: 'waldbrand' } }));
    expect(cubes.ok).toBe(true);
    expect((cubes.source as { backend: string }).backend).toBe('lindas');
    const datasets = text(await client.callTool({ name: 'search_datasets', arguments: { query: 'kyiv' } }));
    expect(datasets.ok).toBe(true);
    expect((datasets.source as { backend: string }).backend).toBe('ckan');
  });

  it('reports every backend reachable in api_status', async () => {
    const status = text(await client.callTool({ name: 'api_status', arguments: {} }));
    expect(status).toMatchObject({ ok: true, all_reachable: true });
    expect((status.backends as Array<{ backend: string }>).map((b) => b.backend).sort()).toEqual([
      'ckan',
      'lindas',
      'sdmx',
    ]);
  });
});

describe('opendata-mcp serve --transport http --offline', () => {
  let child: ChildProcess;
  let url: string;
  beforeAll(async () => {
    child = spawn(process.execPath, [bin, 'serve', '--offline', '--transport', 'http', '--port', '0'], {
      env: quiet,
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    while (!/listening on (\S+)/.test(stderr)) {
      await Promise.race([
        once(child.stderr!, 'data'),
        once(child, 'exit').then(() => Promise.reject(new Error(stderr))),
      ]);
    }
    url = /listening on (\S+)/.exec(stderr)![1]!;
  }, 60_000);
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('serves tools over Streamable HTTP on loopback', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 'e2e-http', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const answer = text(await client.callTool({ name: 'list_publishers', arguments: {} }));
      expect(answer.ok).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe('opendata-mcp demo', () => {
  it('answers every journey offline and prints citations', () => {
    // A temporary folder of its own, so the charts the demo writes there go when the test ends.
    const temp = mkdtempSync(join(tmpdir(), 'cli-demo-'));
    onTestFinished(() => rm(temp, { recursive: true, force: true }));
    const out = execFileSync(process.execPath, [bin, 'demo'], {
      env: { ...quiet, TMPDIR: temp },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(out).toContain('grosse Gefahr');
    expect(out).toContain('fedlex.data.admin.ch');
    expect(out).toMatch(/(\d+)\/\1 demo journeys answered\./);
  }, 120_000);

  it('exits 1 when a tool answers with an error and 2 on bad configuration', () => {
    const call = spawnResult(['call', 'search_cubes', '{"limit": 0}', '--offline']);
    expect(call.status).toBe(1);
    expect(JSON.parse(call.stdout)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const config = spawnResult(['tools', '--config', '/nonexistent.json']);
    expect(config.status).toBe(2);
  }, 60_000);
});

function spawnResult(args: string[]) {
  try {
    return {
      status: 0,
      stdout: execFileSync(process.execPath, [bin, ...args], { env: quiet, encoding: 'utf8' }),
    };
  } catch (error) {
    const e = error as { status: number; stdout: string };
    return { status: e.status, stdout: e.stdout };
  }
}
