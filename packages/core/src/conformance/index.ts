export { describeAdapterConformance } from './describe-adapter-conformance.js';
