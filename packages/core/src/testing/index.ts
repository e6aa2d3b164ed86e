export {
  type AdapterConformanceOptions,
  type ConformanceSetup,
  describeAdapterConformance,
} from './adapter-conformance.js';
export { connectInProcess, type InProcessPair } from './in-process-client.js';
export { createLoopbackHttpClient } from './loopback-http-client.js';
export { type LoopbackServer, startLoopbackServer } from './loopback-http-server.js';
export { runJourney } from './run-journey.js';
export { connectStdioScript, type StdioSession } from './stdio-session.js';
export {
  RETIRED_PARAMETER_NAMES,
  type VocabularyOptions,
  vocabularyProblems,
} from './vocabulary-problems.js';
