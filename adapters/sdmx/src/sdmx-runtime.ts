import type { DataFormatRequest, RegistryProfile } from './profiles/registry-profile.js';
import type { UnsupportedFeatures } from './registry/unsupported-features.js';
import type { Role } from './resolution/dimension-roles.js';

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
  /** Dataflow ids (or prefixes ending in `*`) this instance serves; null = every flow. */
  flows: string[] | null;
  /** Dimension roles the configuration or profile states, by dimension id. */
  roleOverrides: Record<string, Role>;
  /** Dimensions that default to their total when a question leaves them out. */
  totalDefaults: string[];
  /** Whether the registry answers availableconstraint queries; null when unknown (tried, then fallen back from). */
  availableConstraint?: boolean | null;
  /** Data formats in the order to ask for them (Accept header); absent: CSV first, then every other. */
  dataFormats?: DataFormatRequest[];
  /** The built-in profile the instance was configured from; null for a registry given by URL alone. */
  profile?: RegistryProfile | null;
  /** Features the registry answered 501 to, remembered for the metadata TTL; absent in hand-built runtimes. */
  unsupported?: UnsupportedFeatures;
  /** How long a search waits for the discovery index to build before answering from flow titles. */
  indexWaitMs?: number;
}
