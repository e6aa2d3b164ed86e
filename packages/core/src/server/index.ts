/**
 * What a program that serves adapters needs and an adapter never does: the server factory, the
 * transports, shared stores, metrics, kept results, loggers, the cache root and tool listings.
 */
export { errorEnvelope } from '../envelope/envelope.js';
export type { UpstreamBudgets } from '../http/upstream-budget.js';
export { createJsonLogger, type Logger, silentLogger } from '../log/logger.js';
export { loadPrometheusMetrics, type PrometheusMetrics } from '../observe/load-prometheus-metrics.js';
export type { Telemetry } from '../observe/telemetry.js';
export { createKeptResults, type KeepRequest } from '../results/kept-results.js';
export { type CacheRootInputs, defaultCacheRoot, resourceCacheDir } from '../store/cache-root.js';
export { createFileStore } from '../store/file-store.js';
export { createMemoryStore } from '../store/memory-store.js';
export { openSharedStore } from '../store/open-shared-store.js';
export { preparePrivateDirectory } from '../store/private-directory.js';
export type { SharedStore } from '../store/shared-store.js';
export { startStdioServer } from '../transports/serve-stdio.js';
export {
  DEFAULT_MAX_BODY_BYTES,
  type HttpServerOptions,
  type RunningHttpServer,
  startHttpServer,
} from '../transports/start-http-server.js';
export type { AdapterEntry } from './compose-adapters.js';
export {
  createOpenDataServer,
  type OpenDataServer,
  type OpenDataServerOptions,
  type ServerExtension,
} from './create-server.js';
export { toolDefinitionJson } from './tool-definition-json.js';
