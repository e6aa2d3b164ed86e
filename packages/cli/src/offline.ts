import type { OfflineFixture } from '@opendata-mcp/core';
import type { Config } from './config/config-schema.js';
import type { AdapterRegistry, FixtureKind } from './registry.js';

export type RunningFixture = OfflineFixture;

export type FixtureStarters = Record<FixtureKind, () => Promise<RunningFixture>>;

/**
 * Starts the loopback fixture each configured adapter needs and points the adapter at it.
 * Without a config file, every known adapter type runs against its fixture.
 */
export async function goOffline(
  config: Config | undefined,
  registry: AdapterRegistry,
  starters: FixtureStarters,
): Promise<{ config: Config; originNames: Record<string, string>; close(): Promise<void> }> {
  const base: Config = config ?? { adapters: [...registry.keys()].map((type) => ({ type })) };
  // One backend per fixture, shared by every entry that uses it (keyed by kind or by starter).
  const running = new Map<unknown, RunningFixture>();
  // Answers name each fixture offline://<type>, not by its loopback port, which changes from run to run.
  const originNames: Record<string, string> = {};
  try {
    const adapters = [];
    for (const entry of base.adapters) {
      const registration = registry.get(entry.type);
      const kind = registration?.fixture;
      if (!kind) {
        adapters.push(entry);
        continue;
      }
      let fixture = running.get(kind);
      if (!fixture) {
        fixture = await (typeof kind === 'function' ? kind() : starters[kind]());
        running.set(kind, fixture);
      }
      // Only the fixture may be reached: a recorded catalogue also names files on the live portals.
      const configured = { ...registration?.fixtureOptions, ...entry };
      const url = fixture.urlFor?.(configured) ?? fixture.url;
      const { hostname: host, origin } = new URL(url);
      originNames[origin] ??= `offline://${entry.type}`;
      adapters.push({ ...configured, url, trusted_hosts: [fixture.hostPort], allowed_hosts: [host] });
    }
    return {
      config: { ...base, adapters },
      originNames,
      close: async () => {
        await Promise.allSettled([...running.values()].map((f) => f.close()));
      },
    };
  } catch (error) {
    await Promise.allSettled([...running.values()].map((f) => f.close()));
    throw error;
  }
}
