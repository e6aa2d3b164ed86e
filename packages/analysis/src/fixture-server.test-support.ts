import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCkanAdapter } from '@opendata-mcp/ckan';
import type { Envelope, SuccessEnvelope } from '@opendata-mcp/core';
import {
  createOpenDataServer,
  type OpenDataServer,
  type OpenDataServerOptions,
  silentLogger,
} from '@opendata-mcp/core/server';
import { startCkanFixture, startLindasFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { createLindasAdapter } from '@opendata-mcp/lindas';
import { createPxwebAdapter, startPxwebFixture } from '@opendata-mcp/pxweb';
import { createSdmxAdapter } from '@opendata-mcp/sdmx';
import { analysisExtension } from './analysis-extension.js';

export interface FixtureServer {
  server: OpenDataServer;
  close(): Promise<void>;
}

/**
 * One server over the four loopback fixture backends, with query_results, as the command builds it.
 * `close` removes its cache folder too.
 */
export async function startFixtureServer(
  options: Partial<OpenDataServerOptions> = {},
): Promise<FixtureServer> {
  const [lindas, ckan, sdmx, pxweb] = await Promise.all([
    startLindasFixture(),
    startCkanFixture(),
    startSdmxFixture(),
    startPxwebFixture(),
  ]);
  const cacheDir = mkdtempSync(join(tmpdir(), 'analysis-tests-'));
  const server = createOpenDataServer({
    adapters: [
      createLindasAdapter({ url: lindas.url, trusted_hosts: [lindas.hostPort] }),
      createCkanAdapter({ url: ckan.url, trusted_hosts: [ckan.hostPort] }),
      createSdmxAdapter({ url: sdmx.url, agency: 'UNICEF', trusted_hosts: [sdmx.hostPort] }),
      createPxwebAdapter({ url: pxweb.url, trusted_hosts: [pxweb.hostPort] }),
    ],
    extensions: [analysisExtension],
    logger: silentLogger,
    http: { cacheDir },
    ...options,
  });
  return {
    server,
    async close() {
      await server.close();
      await Promise.all([lindas, ckan, sdmx, pxweb].map((f) => f.close()));
      await rm(cacheDir, { recursive: true, force: true });
    },
  };
}

/** The success envelope, or the test fails with the refusal. */
export function ok(envelope: Envelope): SuccessEnvelope & { result_id: string } {
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  if (typeof envelope.result_id !== 'string') throw new Error(`not kept: ${String(envelope.result_note)}`);
  return envelope as SuccessEnvelope & { result_id: string };
}
