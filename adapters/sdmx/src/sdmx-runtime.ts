import type { SdmxOptions } from './sdmx-options.js';

/** What the tools of one registry instance share. */
export interface SdmxRuntime {
  id: string;
  /** REST base without a trailing slash. */
  baseUrl: string;
  title: string;
  /** Default agency; `all` when none is configured. */
  agency: string;
  language: string;
  references: SdmxOptions['structure_references'];
  csvFormatParam: string | null;
  ttlMs: number;
}
