import { defineAdapterPlugin } from '@opendata-mcp/core';
import { createPopulationAdapter, PopulationOptionsSchema } from './population-adapter.js';
import { startPopulationFixture } from './population-fixture.js';

/** What the `opendata-mcp` command loads when a config entry says `"module": "<this package>"`. */
export const adapterPlugin = defineAdapterPlugin({
  type: 'population',
  description: 'Resident population by Swiss canton, from one JSON file (example adapter).',
  options: PopulationOptionsSchema,
  create: createPopulationAdapter,
  fixture: startPopulationFixture,
  demo: {
    title: 'Population of the canton of Zurich',
    adapterType: 'population',
    steps: [
      {
        tool: 'get_population',
        args: { canton: 'ZH', limit: 3 },
        summarize: (e) =>
          (e.rows as Array<{ year: number; population: number }>)
            .map((r) => `${r.year}: ${r.population}`)
            .join(', '),
      },
    ],
  },
});
