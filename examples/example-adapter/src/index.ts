export { createPopulationAdapter, type PopulationAdapterOptions } from './population-adapter.js';
