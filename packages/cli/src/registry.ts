import type { Adapter, DemoJourney } from '@opendata-mcp/core';
import type { z } from 'zod';

/** Which loopback fixture an adapter type is pointed at under `--offline`. */
export type FixtureKind = 'lindas' | 'ckan' | 'sdmx';

/** How the CLI knows one adapter type: its options schema, its factory, its demo and fixture. */
export interface AdapterRegistration {
  type: string;
  description: string;
  // biome-ignore lint/suspicious/noExplicitAny: each adapter brings its own options schema.
  options: z.ZodObject<any>;
  // biome-ignore lint/suspicious/noExplicitAny: the options were validated by `options` first.
  create(options: any): Adapter;
  fixture: FixtureKind;
  demo?: DemoJourney;
}

export type AdapterRegistry = ReadonlyMap<string, AdapterRegistration>;

export function createRegistry(registrations: AdapterRegistration[]): AdapterRegistry {
  return new Map(registrations.map((r) => [r.type, r]));
}
