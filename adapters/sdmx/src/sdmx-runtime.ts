import type { DataFormatRequest, RegistryProfile } from './profiles/registry-profile.js';

/** What the tools of one registry instance share. */
export interface SdmxRuntime {
  id: string;
  /** REST base without a trailing slash. */
  baseUrl: string;
  title: string;
  /** Default agency; `all` when none is configured. */
  agency: string;
  language: string;
  references: 'all' | 'descendants';
  /** `format=` of the preferred data format; null sends only the Accept header. */
  csvFormatParam: string | null;
  ttlMs: number;
  /** Data formats in the order to ask for them (Accept header); absent: CSV first, then every other. */
  dataFormats?: DataFormatRequest[];
  /** The built-in profile the instance was configured from; null for a registry given by URL alone. */
  profile?: RegistryProfile | null;
}
