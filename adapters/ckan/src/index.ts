export { ckanDemoJourney } from './ckan-demo-journey.js';
export { type CkanOptions, CkanOptionsSchema } from './ckan-options.js';
export { createCkanAdapter } from './create-ckan-adapter.js';
export { type DirectoryEntry, PORTAL_DIRECTORY } from './portal/portal-directory.js';
export { PORTAL_QUIRKS, type PortalQuirks, PortalQuirksSchema } from './portal/portal-quirks.js';
