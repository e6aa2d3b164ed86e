export { type SdmxServerHandle, startSdmxServer } from './start-sdmx-server.js';
