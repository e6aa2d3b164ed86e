export { buildServer, type PortalAddresses } from './build-server.js';
