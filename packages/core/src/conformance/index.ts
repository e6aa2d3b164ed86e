export type {
  AdapterConformanceOptions,
  ConformanceFault,
  ConformanceSetup,
} from './conformance-options.js';
export { describeAdapterConformance } from './describe-adapter-conformance.js';
export { provenanceProblems } from './provenance-problems.js';
export { toolMetadataProblems } from './tool-metadata-problems.js';
