import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLoopbackServer } from '@opendata-mcp/core/testing';
import { createPopulationAdapter, PopulationOptionsSchema } from '@opendata-mcp/example-adapter';
import { onTestFinished } from 'vitest';
import type { CliDeps } from './cli-deps.js';
import type { ServeEffects } from './commands/serve-effects.js';
import { createRegistry } from './registry.js';

const document = JSON.stringify({
  license: 'CC-BY-4.0',
  modified: '2026-03-01',
  records: [{ canton: 'ZH', year: 2023, population: 1605508 }],
});

/** One adapter type, `population`, whose offline fixture answers the canton of Zurich. */
export const populationRegistry = createRegistry([
  {
    type: 'population',
    description: 'example',
    fixture: 'lindas',
    options: PopulationOptionsSchema,
    create: createPopulationAdapter,
    demo: {
      title: 'Population of Zurich',
      adapterType: 'population',
      steps: [
        {
          tool: 'get_population',
          args: { canton: 'ZH' },
          summarize: (e) => `rows: ${JSON.stringify(e.rows)}`,
        },
      ],
    },
  },
]);

/**
 * Injected effects over the population registry: output is collected, fixtures are counted as they
 * start and close, and `serve` gets whichever effects the test brings.
 */
export function cliHarness(env: Record<string, string> = {}, serve?: ServeEffects) {
  const out: string[] = [];
  const err: string[] = [];
  let started = 0;
  let closed = 0;
  const unused = async () => {
    throw new Error('not used');
  };
  const deps: CliDeps = {
    registry: populationRegistry,
    env: { OPENDATA_MCP_LOG_LEVEL: 'silent', ...env },
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    fixtures: {
      lindas: async () => {
        started++;
        const server = await startLoopbackServer((_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' }).end(document);
        });
        return {
          url: server.origin,
          hostPort: server.hostPort,
          close: async () => {
            closed++;
            await server.close();
          },
        };
      },
      ckan: unused,
      sdmx: unused,
    },
    ...(serve ? { serve } : {}),
  };
  return {
    deps,
    out: () => out.join(''),
    err: () => err.join(''),
    started: () => started,
    closed: () => closed,
  };
}

/**
 * A configuration file with this content (a string as is, anything else as JSON) in a new folder,
 * removed when the calling test ends.
 */
export async function configFile(content: unknown): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'opendata-cli-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'config.json');
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}
