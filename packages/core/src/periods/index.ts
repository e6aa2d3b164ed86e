// A subpath of its own: engine processes read periods without loading the server's modules.
export { isPeriodColumn, periodStart } from './period-start.js';
