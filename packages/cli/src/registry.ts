import type { AdapterPlugin, OfflineFixture } from '@opendata-mcp/core';

/** The fixture backends the CLI ships, by name; a plugin brings its own starter instead. */
export type FixtureKind = 'lindas' | 'ckan' | 'sdmx';

/**
 * How the CLI knows one adapter type: an {@link AdapterPlugin}, whose offline backend may also be
 * one of the built-in fixtures named by kind. Without a fixture, `--offline` leaves the entry as
 * configured.
 */
export interface AdapterRegistration extends Omit<AdapterPlugin, 'fixture'> {
  fixture?: FixtureKind | (() => Promise<OfflineFixture>);
  /** The `module` a plugin was loaded from; absent for the built-in types. */
  module?: string;
}

export type AdapterRegistry = ReadonlyMap<string, AdapterRegistration>;

export function createRegistry(registrations: AdapterRegistration[]): AdapterRegistry {
  return new Map(registrations.map((r) => [r.type, r]));
}
