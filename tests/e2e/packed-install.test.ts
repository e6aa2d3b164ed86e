import { execFile, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkspace, root } from './build-workspace.js';

// The published form of the packages, as a third party gets it: packed tarballs unpacked into an
// empty project. Third-party dependencies are linked from this workspace's install, so the check
// runs offline; vitest is deliberately not among them.
const run = promisify(execFile);
const PACKAGES = { core: 'packages/core', fixtures: 'packages/fixtures', pxweb: 'adapters/pxweb' } as const;
let project: string;

function unpack(name: string, dir: string, packs: string): void {
  execFileSync('pnpm', ['pack', '--pack-destination', packs], { cwd: join(root, dir), stdio: 'ignore' });
  const tarball = join(packs, `opendata-mcp-${name}-0.1.0.tgz`);
  const into = join(packs, name);
  mkdirSync(into);
  execFileSync('tar', ['-xzf', tarball, '-C', into]);
  const target = join(project, 'node_modules', '@opendata-mcp', name);
  mkdirSync(dirname(target), { recursive: true });
  renameSync(join(into, 'package'), target);
  const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    if (dependency.startsWith('@opendata-mcp/')) continue;
    link(dependency, join(root, dir, 'node_modules', dependency));
  }
}

function link(name: string, from: string): void {
  const target = join(project, 'node_modules', name);
  if (existsSync(target)) return;
  mkdirSync(dirname(target), { recursive: true });
  symlinkSync(realpathSync(from), target, 'dir');
}

beforeAll(async () => {
  await buildWorkspace();
  project = mkdtempSync(join(tmpdir(), 'opendata-consumer-'));
  const packs = join(project, '.packs');
  mkdirSync(packs);
  for (const [name, dir] of Object.entries(PACKAGES)) unpack(name, dir, packs);
  link('@types/node', join(root, 'node_modules', '@types', 'node'));
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        types: ['node'],
      },
      include: ['consumer.ts'],
    }),
  );
  writeFileSync(join(project, 'consumer.ts'), CONSUMER_TS);
  writeFileSync(join(project, 'run.mjs'), RUN_MJS);
}, 240_000);

afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

describe('the packed packages in an empty project', () => {
  it('installs without vitest, each package with its README', () => {
    expect(existsSync(join(project, 'node_modules', 'vitest'))).toBe(false);
    expect(existsSync(join(project, 'node_modules', '@opendata-mcp', 'pxweb', 'data', 'MANIFEST.md'))).toBe(
      true,
    );
  });

  it('type-checks a consumer against the published declarations without skipLibCheck', async () => {
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await run(process.execPath, [tsc, '-p', project]).catch(
      (e: { stdout: string; code: number }) => e,
    );
    expect((result as { stdout: string }).stdout).toBe('');
  }, 120_000);

  it('imports the testing helpers and answers a PxWeb question with plain node', async () => {
    const { stdout } = await run(process.execPath, ['run.mjs'], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ ok: true, value: 101200 + 99870, backend: 'pxweb' });
  }, 60_000);

  it('keeps the vitest suite on its own entry point, which says what it needs', async () => {
    const failure = await run(process.execPath, ['-e', "await import('@opendata-mcp/core/conformance')"], {
      cwd: project,
    }).catch((e: { stderr: string }) => e);
    expect((failure as { stderr: string }).stderr).toMatch(/Cannot find (package|module) 'vitest'/);
  });
});

const CONSUMER_TS = `
import {
  type AdapterPlugin,
  defineAdapterPlugin,
  defineTool,
  networkOptionsShape,
  networkPolicyOf,
  READ_ONLY_OPEN_WORLD,
} from '@opendata-mcp/core';
import { createOpenDataServer } from '@opendata-mcp/core/server';
import { connectInProcess, createMemoryLogger, startLoopbackServer, watchOutbound } from '@opendata-mcp/core/testing';
import { type LindasFixtureStore, startSdmxFixture } from '@opendata-mcp/fixtures';
import { adapterPlugin, createPxwebAdapter, startPxwebFixture } from '@opendata-mcp/pxweb';
import { z } from 'zod';

const options = z.strictObject({ url: z.url(), ...networkOptionsShape });
const plugin: AdapterPlugin = defineAdapterPlugin({
  type: 'mine',
  description: 'A consumer adapter.',
  options,
  create: (o) => ({
    specificationVersion: 1,
    id: 'mine',
    backend: 'mine',
    title: 'Mine',
    endpoint: o.url,
    instructions: 'none',
    network: networkPolicyOf(o),
    tools: [
      defineTool({
        name: 'get_thing',
        title: 'Thing',
        description: 'Gets a thing.',
        input: z.strictObject({}),
        output: z.object({ n: z.number() }),
        annotations: READ_ONLY_OPEN_WORLD,
        async execute(_input, ctx) {
          const r = await ctx.http.fetch({ url: o.url });
          return {
            data: { n: r.status },
            source: {
              backend: 'mine', adapter_id: 'mine', endpoint: o.url, identifiers: {}, title: null, publisher: null,
              url: o.url, query: { language: 'url', text: o.url }, access_method: 'api',
              retrieved_at: r.fetchedAt.toISOString(), metadata_retrieved_at: null, source_modified_at: null,
              license: null, cache: { hit: r.fromCache, revalidated: false, first_fetched_at: null },
            },
          };
        },
      }),
    ],
  }),
});
export const used = [plugin, adapterPlugin, createPxwebAdapter, startPxwebFixture, startSdmxFixture, createOpenDataServer,
  connectInProcess, createMemoryLogger, startLoopbackServer, watchOutbound];
export type Store = LindasFixtureStore;
`;

const RUN_MJS = `
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { createMemoryLogger } from '@opendata-mcp/core/testing';
import { createPxwebAdapter, startPxwebFixture } from '@opendata-mcp/pxweb';

const fixture = await startPxwebFixture();
const server = createOpenDataServer({
  adapters: [createPxwebAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
  logger: createMemoryLogger().logger ?? silentLogger,
});
const answer = await server.callTool('query_table', { table_id: 'POP01', filters: { Region: ['01'], Tid: ['2021'] } });
await server.close();
await fixture.close();
process.stdout.write(JSON.stringify({ ok: answer.ok, value: answer.rows?.[0]?.[answer.columns?.indexOf('value')], backend: answer.source?.backend }));
`;
