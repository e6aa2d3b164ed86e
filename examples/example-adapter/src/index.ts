export { createPopulationAdapter, PopulationOptionsSchema } from './population-adapter.js';
