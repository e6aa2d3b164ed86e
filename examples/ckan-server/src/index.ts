export { type CkanServerHandle, DEFAULT_CKAN_PORTAL, startCkanServer } from './start-ckan-server.js';
