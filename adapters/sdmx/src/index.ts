export { createSdmxAdapter } from './create-sdmx-adapter.js';
export { sdmxDemoJourney } from './sdmx-demo-journey.js';
export { DEFAULT_SDMX_URL, type SdmxOptions, SdmxOptionsSchema } from './sdmx-options.js';
