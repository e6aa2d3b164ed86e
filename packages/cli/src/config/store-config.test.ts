import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  findRedisServer,
  type RedisServer,
  startLoopbackServer,
  startRedisServer,
} from '@opendata-mcp/core/testing';
import { createPopulationAdapter, PopulationOptionsSchema } from '@opendata-mcp/example-adapter';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { CliDeps } from '../cli-deps.js';
import { openRuntime } from '../open-runtime.js';
import { createRegistry } from '../registry.js';
import { runCli } from '../run-cli.js';
import { applyEnv } from './apply-env.js';
import { ConfigError } from './config-error.js';

const registry = createRegistry([
  {
    type: 'population',
    description: 'example',
    options: PopulationOptionsSchema,
    create: createPopulationAdapter,
  },
]);

function deps(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliDeps = {
    registry,
    env: { OPENDATA_MCP_LOG_LEVEL: 'silent', ...env },
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    fixtures: {
      lindas: () => Promise.reject(new Error('not used')),
      ckan: () => Promise.reject(new Error('not used')),
      sdmx: () => Promise.reject(new Error('not used')),
    },
  };
  return { cli, out: () => out.join(''), err: () => err.join('') };
}

async function configFile(content: unknown): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'opendata-store-config-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'config.json');
  await writeFile(path, JSON.stringify(content));
  return path;
}

const adapters = [{ type: 'population', url: 'https://x.example' }];

describe('store and upstream budget configuration', () => {
  it('refuses a store or budget it cannot use, naming the key', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [
        { adapters, store: { url: 'http://127.0.0.1:6379' } },
        /store\.url: expected a redis:\/\/ or rediss:\/\/ URL/,
      ],
      [{ adapters, store: { url: 'redis://127.0.0.1:6379', namespace: 'a b' } }, /store\.namespace/],
      [{ adapters, store: { url: 'redis://x', colour: 1 } }, /store: Unrecognized key/],
      [{ adapters, upstream_budget: { requests: 5 } }, /requests and interval_ms go together/],
      [{ adapters, upstream_budget: { requests: 0, interval_ms: 1000 } }, /upstream_budget\.requests/],
      [{ adapters, upstream_budget: { hosts: { 'a.example': { requests: 5 } } } }, /interval_ms/],
    ];
    for (const [content, message] of cases) {
      const run = deps();
      expect(await runCli(['tools', '--config', await configFile(content)], run.cli)).toBe(2);
      expect(run.err()).toMatch(message);
    }
  });

  it('takes the store from the environment over the file, and refuses bad values there', () => {
    const config = { adapters, store: { url: 'redis://file:6379', namespace: 'file' } };
    expect(applyEnv(config, { OPENDATA_MCP_STORE_URL: 'rediss://env:6380' }).store).toEqual({
      url: 'rediss://env:6380',
      namespace: 'file',
    });
    expect(
      applyEnv(
        { adapters },
        { OPENDATA_MCP_STORE_URL: 'redis://env:6379', OPENDATA_MCP_STORE_NAMESPACE: 'blue' },
      ).store,
    ).toEqual({ url: 'redis://env:6379', namespace: 'blue' });
    expect(applyEnv({ adapters }, {}).store).toBeUndefined();
    expect(() => applyEnv({ adapters }, { OPENDATA_MCP_STORE_URL: 'memcached://x' })).toThrow(ConfigError);
    expect(() => applyEnv({ adapters }, { OPENDATA_MCP_STORE_NAMESPACE: 'blue' })).toThrow(
      /needs a store URL/,
    );
    expect(() =>
      applyEnv(
        { adapters },
        { OPENDATA_MCP_STORE_URL: 'redis://x', OPENDATA_MCP_STORE_NAMESPACE: 'no spaces' },
      ),
    ).toThrow(/OPENDATA_MCP_STORE_NAMESPACE/);
  });
});

const binary = findRedisServer();
if ('missing' in binary) console.warn(`SKIPPING the CLI store test: ${binary.missing}`);

describe.skipIf(!('path' in binary))('two CLI runs sharing a store', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer((binary as { path: string }).path);
  });
  afterAll(async () => {
    await redis?.close();
  });

  it('answers the second run from what the first one fetched, and shares what one runtime keeps with another', async () => {
    let requests = 0;
    const body = JSON.stringify({
      license: 'CC-BY-4.0',
      modified: '2026-03-01',
      records: [{ canton: 'ZH', year: 2023, population: 1605508 }],
    });
    const upstream = await startLoopbackServer((_req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    try {
      const path = await configFile({
        adapters: [{ type: 'population', url: upstream.origin, trusted_hosts: [upstream.hostPort] }],
      });
      const env = { OPENDATA_MCP_STORE_URL: redis.url, OPENDATA_MCP_STORE_NAMESPACE: `cli-${process.pid}` };
      for (const _run of [1, 2]) {
        const run = deps(env);
        const argv = ['call', 'get_population', '{"canton":"ZH"}', '--config', path];
        expect(await runCli(argv, run.cli)).toBe(0);
        expect(run.out()).toContain('1605508');
      }
      expect(requests).toBe(1);
      // Two runtimes of one configuration with a store share kept results: the default namespace is common.
      const config = {
        adapters: [{ type: 'population', url: upstream.origin, trusted_hosts: [upstream.hostPort] }],
        store: { url: redis.url, namespace: `cli-${process.pid}` },
        log_level: 'silent' as const,
      };
      const [a, b] = [await openRuntime(config, registry), await openRuntime(config, registry)];
      try {
        const answer = await a.server.callTool('get_population', { canton: 'ZH' });
        if (!answer.ok) throw new Error(answer.error.message);
        const kept = await a.server.results.keep({
          table: { columns: ['year', 'population'], rows: [[2023, 1605508]] },
          sources: [{ citation: answer.citation, source: answer.source }],
          call: { tool: 'get_population', arguments: { canton: 'ZH' } },
        });
        if (!kept.result_id) throw new Error('not kept');
        expect((await b.server.results.read(kept.result_id)).table.rows).toEqual([[2023, 1605508]]);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    } finally {
      await upstream.close();
    }
  });
});
