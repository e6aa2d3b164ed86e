import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  defineTool,
  networkOptionsShape,
  READ_ONLY_OPEN_WORLD,
  SPECIFICATION_VERSION,
} from '@opendata-mcp/core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import type { CliDeps } from './cli-deps.js';
import { createRegistry } from './registry.js';
import { runCli } from './run-cli.js';

const STEPS = 3;

const PagerOptions = z
  .object({ url: z.string().default('https://pager.example'), ...networkOptionsShape })
  .strict();

// A tool that pages through a source and reports each page, as a long CKAN load does.
const registry = createRegistry([
  {
    type: 'pager',
    description: 'Reports progress while it pages.',
    fixture: 'lindas',
    options: PagerOptions,
    create: (options: z.output<typeof PagerOptions>) => ({
      specificationVersion: SPECIFICATION_VERSION,
      id: 'pager',
      backend: 'pager',
      title: 'Pager',
      endpoint: options.url,
      instructions: 'A tool that pages.',
      tools: [
        defineTool({
          name: 'read_pages',
          title: 'Read pages',
          description: 'Reads three pages, reporting each.',
          input: z.object({}).strict(),
          output: z.object({ pages: z.number() }),
          annotations: READ_ONLY_OPEN_WORLD,
          async execute(_input, ctx) {
            for (let page = 1; page <= STEPS; page++) {
              await ctx.progress({ progress: page, total: STEPS, message: 'Reading pages' });
            }
            return {
              data: { pages: STEPS },
              source: {
                backend: 'pager',
                adapter_id: 'pager',
                endpoint: options.url,
                identifiers: {},
                title: null,
                publisher: null,
                url: null,
                query: null,
                access_method: 'api',
                retrieved_at: '2026-01-01T00:00:00.000Z',
                metadata_retrieved_at: null,
                source_modified_at: null,
                license: null,
                cache: { hit: false, revalidated: false, first_fetched_at: null },
              },
            };
          },
        }),
      ],
    }),
  },
]);

const notUsed = async (): Promise<never> => {
  throw new Error('no fixture: the call runs online against a tool that needs no network');
};

async function call(stderrIsTTY: boolean) {
  const out: string[] = [];
  const err: string[] = [];
  const deps: CliDeps = {
    registry,
    env: { OPENDATA_MCP_LOG_LEVEL: 'silent' },
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    stderrIsTTY,
    fixtures: {
      lindas: notUsed,
      ckan: notUsed,
      sdmx: notUsed,
    },
  };
  const config = JSON.stringify({ adapters: [{ type: 'pager' }] });
  const dir = await mkdtemp(join(tmpdir(), 'pager-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'config.json');
  await writeFile(path, config);
  const code = await runCli(['call', 'read_pages', '{}', '--config', path], deps);
  return { code, out: out.join(''), err: err.join('') };
}

describe('opendata-mcp call shows progress on a terminal', () => {
  it('draws each report on one status line of stderr and clears it before the answer', async () => {
    const { code, out, err } = await call(true);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ ok: true, pages: STEPS });
    expect(err).toContain('Reading pages: 33% (1 of 3)');
    expect(err).toContain('Reading pages: 100% (3 of 3)');
    expect(err.endsWith('\r\u001b[K')).toBe(true);
    expect(err).not.toContain('\n');
  });

  it('writes nothing extra when stderr is not a terminal', async () => {
    const { code, out, err } = await call(false);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ ok: true, pages: STEPS });
    expect(err).toBe('');
  });
});
