import type { LindasOptions } from '../options.js';

/** What every LINDAS tool needs from its adapter instance. */
export interface LindasToolConfig {
  adapterId: string;
  endpoint: string;
  defaultLanguage: LindasOptions['language'];
}
