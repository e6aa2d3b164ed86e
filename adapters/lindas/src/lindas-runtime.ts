import type { LindasOptions } from './lindas-options.js';

/** What the tools of one adapter instance share: its id, the SPARQL endpoint and the default language. */
export interface LindasRuntime {
  id: string;
  endpoint: string;
  language: LindasOptions['language'];
}
