import type { Role } from './resolution/dimension-roles.js';
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
  /** Dataflow ids (or prefixes ending in `*`) this instance serves; null = every flow. */
  flows: string[] | null;
  /** Dimension roles the configuration or profile states, by dimension id. */
  roleOverrides: Record<string, Role>;
  /** Dimensions that default to their total when a question leaves them out. */
  totalDefaults: string[];
  /** Whether the registry answers availableconstraint queries; null when unknown (tried, then fallen back from). */
  availableConstraint?: boolean | null;
}
