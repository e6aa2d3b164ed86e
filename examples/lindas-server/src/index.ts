export { type LindasServerHandle, startLindasServer } from './start-lindas-server.js';
