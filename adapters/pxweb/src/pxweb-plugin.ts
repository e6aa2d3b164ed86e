import { defineAdapterPlugin } from '@opendata-mcp/core';
import { createPxwebAdapter } from './create-pxweb-adapter.js';
import { startPxwebFixture } from './fixture/start-pxweb-fixture.js';
import { pxwebDemoJourney } from './pxweb-demo-journey.js';
import { PxwebOptionsSchema } from './pxweb-options.js';

/**
 * What `opendata-mcp` loads for a config entry `{ "type": "pxweb", "module": "@opendata-mcp/pxweb" }`;
 * offline it serves the recorded Statistics Sweden answers and the synthetic tables through API v2.
 */
export const adapterPlugin = defineAdapterPlugin({
  type: 'pxweb',
  description:
    'Any PxWeb statistics portal (Statistics Sweden, Norway, Finland, Estonia, Swiss BFS …), API v1 or v2.',
  options: PxwebOptionsSchema,
  create: createPxwebAdapter,
  fixture: () => startPxwebFixture(),
  // Named for what it serves, not by its loopback address, which changes from run to run.
  fixtureOptions: { title: 'Recorded and synthetic PxWeb tables' },
  demo: pxwebDemoJourney,
});
