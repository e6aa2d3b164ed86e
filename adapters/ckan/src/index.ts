export { ckanDemoJourney } from './ckan-demo-journey.js';
export { type CkanOptions, CkanOptionsSchema } from './ckan-options.js';
export { createCkanAdapter } from './create-ckan-adapter.js';
export { PORTAL_QUIRKS, type PortalQuirks, PortalQuirksSchema } from './portal/portal-quirks.js';
