export { createPxwebAdapter } from './create-pxweb-adapter.js';
export {
  type PxwebFaultKind,
  type PxwebFixture,
  type PxwebFixtureOptions,
  startPxwebFixture,
} from './fixture/start-pxweb-fixture.js';
export { pxwebDemoJourney } from './pxweb-demo-journey.js';
export { DEFAULT_PXWEB_URL, type PxwebOptions, PxwebOptionsSchema } from './pxweb-options.js';
export { adapterPlugin } from './pxweb-plugin.js';
