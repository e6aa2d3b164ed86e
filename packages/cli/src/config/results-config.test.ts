import { createPopulationAdapter, PopulationOptionsSchema } from '@opendata-mcp/example-adapter';
import { describe, expect, it } from 'vitest';
import { buildRuntime } from '../build-runtime.js';
import { createRegistry } from '../registry.js';
import { parseConfig } from './parse-config.js';

const registry = createRegistry([
  {
    type: 'population',
    description: 'example',
    options: PopulationOptionsSchema,
    create: createPopulationAdapter,
  },
]);

describe('results configuration', () => {
  it('bounds what one client keeps by max_bytes, max_results and client_share', async () => {
    const config = parseConfig(
      {
        adapters: [{ type: 'population', url: 'https://population.example' }],
        results: { max_bytes: 100 * 1024, max_results: 8, client_share: 0.5 },
        log_level: 'silent',
      },
      registry,
      'test',
    );
    const runtime = buildRuntime(config, registry);
    try {
      const results = runtime.server.results.forClient('A');
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const kept = await results.keep({
          table: { columns: ['year'], rows: [[2000 + i]] },
          sources: [],
          call: { tool: 'get_population', arguments: {} },
        });
        if (!kept.result_id) throw new Error('not kept');
        ids.push(kept.result_id);
      }
      await expect(runtime.server.results.read(ids[0] as string)).rejects.toMatchObject({
        message: expect.stringContaining('this server keeps at most 50 KiB and 4 results per client'),
      });
      expect((await runtime.server.results.read(ids[4] as string)).table.rows).toEqual([[2004]]);
    } finally {
      await runtime.close();
    }
  });
});
