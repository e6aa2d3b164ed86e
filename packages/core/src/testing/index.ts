export { fuzzParameters, fuzzTimeout } from './fuzz-parameters.js';
export { connectInProcess, type InProcessPair } from './in-process-client.js';
export { longestStall } from './longest-stall.js';
export { createLoopbackHttpClient } from './loopback-http-client.js';
export { type LoopbackServer, startLoopbackServer } from './loopback-http-server.js';
export { createMemoryLogger, type LogEntry, type MemoryLogger } from './memory-logger.js';
export { type OutboundWatch, watchOutbound } from './outbound-watch.js';
export { findRedisServer, type RedisBinary, type RedisServer, startRedisServer } from './redis-server.js';
export { runJourney } from './run-journey.js';
export { connectStdioScript, type StdioSession } from './stdio-session.js';
export {
  RETIRED_PARAMETER_NAMES,
  type VocabularyOptions,
  vocabularyProblems,
} from './vocabulary-problems.js';
