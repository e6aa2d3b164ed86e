/**
 * The error model and the default limits without the rest of core: what a process that never
 * serves MCP (a table's engine process, say) needs, at a fraction of core's start-up cost.
 */
export { DEFAULT_LIMITS, type Limits } from '../contract/limits.js';
export { shorten, toErrorBody } from './error-body.js';
export type { ErrorCode } from './error-codes.js';
export { isOpenDataError, OpenDataError } from './opendata-error.js';
