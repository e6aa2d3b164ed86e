import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCkanFixture, startLindasFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { buildRuntime, type Runtime } from './build-runtime.js';
import type { AdapterEntry } from './config/config-schema.js';
import { defaultRegistry } from './default-registry.js';

/** Where each built-in adapter points, so a test can add instances of its own. */
export interface FixtureTargets {
  lindas: { url: string; trusted_hosts: string[] };
  ckan: { url: string; trusted_hosts: string[] };
  sdmx: { url: string; trusted_hosts: string[] };
}

export interface FixtureRuntime {
  runtime: Runtime;
  targets: FixtureTargets;
  close(): Promise<void>;
}

/**
 * The product server's runtime over the three built-in fixture backends on loopback, built from
 * a configuration like a user's; `extra` adds adapter entries pointed at the same backends.
 */
export async function startFixtureRuntime(
  extra: (targets: FixtureTargets) => AdapterEntry[] = () => [],
): Promise<FixtureRuntime> {
  const fixtures = await Promise.all([startLindasFixture(), startCkanFixture(), startSdmxFixture()]);
  const [lindas, ckan, sdmx] = fixtures.map((f) => ({ url: f.url, trusted_hosts: [f.hostPort] })) as [
    FixtureTargets['lindas'],
    FixtureTargets['ckan'],
    FixtureTargets['sdmx'],
  ];
  // A cache folder of its own, removed on close: the account's would keep every download.
  const cacheDir = mkdtempSync(join(tmpdir(), 'fixture-runtime-'));
  const runtime = buildRuntime(
    {
      adapters: [
        { type: 'lindas', ...lindas },
        { type: 'ckan', ...ckan },
        { type: 'sdmx', registry: 'unicef', ...sdmx },
        ...extra({ lindas, ckan, sdmx }),
      ],
      log_level: 'silent',
      cache_dir: cacheDir,
    },
    defaultRegistry,
  );
  return {
    runtime,
    targets: { lindas, ckan, sdmx },
    async close() {
      await runtime.close();
      await Promise.all(fixtures.map((f) => f.close()));
      await rm(cacheDir, { recursive: true, force: true });
    },
  };
}
