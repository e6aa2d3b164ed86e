export { createLindasAdapter } from './create-lindas-adapter.js';
export { lindasDemoJourney } from './lindas-demo-journey.js';
export { DEFAULT_LINDAS_ENDPOINT, type LindasOptions, LindasOptionsSchema } from './lindas-options.js';
export { type GuardedQuery, guardSparql, MAX_QUERY_CHARS } from './sparql/sparql-guard.js';
