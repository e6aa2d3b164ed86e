export { createPopulationAdapter, PopulationOptionsSchema } from './population-adapter.js';
export { startPopulationFixture } from './population-fixture.js';
export { adapterPlugin } from './population-plugin.js';
