import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type CkanFixture, startCkanFixture, syntheticFilesPackage } from '@opendata-mcp/fixtures';
import { writeHostileFiles } from './hostile-files.js';

const bin = fileURLToPath(new URL('../../packages/cli/bin/opendata-mcp.js', import.meta.url));
export const HOSTILE_DATASET = 'synthetic-hostile-files';

// biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field in assertions.
type Envelope = Record<string, any>;

export interface HostileServer {
  client: Client;
  transport: StdioClientTransport;
  portal: CkanFixture;
  /** query_resource on the hostile dataset; the envelope and the error flag. */
  query(resourceId: string, sql: string): Promise<{ body: Envelope; isError: boolean }>;
  close(): Promise<void>;
}

export { childPids } from '../../packages/tabular/src/fuzz/child-memory.js';
export { residentBytes } from '../../packages/tabular/src/worker/resident-memory.js';

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The built `opendata-mcp serve` binary over stdio, as a desktop client starts it, configured for a
 * CKAN portal on loopback that publishes generated hostile files.
 */
export async function startHostileServer(limits: Record<string, number>): Promise<HostileServer> {
  const dir = mkdtempSync(join(tmpdir(), 'opendata-hostile-'));
  const portal = await startCkanFixture({
    extraPackages: [syntheticFilesPackage(HOSTILE_DATASET, writeHostileFiles(dir))],
  });
  const config = join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      adapters: [{ type: 'ckan', id: 'hostile', url: portal.url, trusted_hosts: [portal.hostPort] }],
      // Beside the config, removed with it: the server's environment names no cache folder.
      cache_dir: 'cache',
      limits,
      log_level: 'warn',
    }),
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'serve', '--config', config],
    env: { PATH: process.env.PATH ?? '' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'hostile-e2e', version: '0.0.0' });
  await client.connect(transport);
  return {
    client,
    transport,
    portal,
    async query(resourceId, sql) {
      const result = await client.callTool({
        name: 'query_resource',
        arguments: { dataset_id: HOSTILE_DATASET, resource_id: resourceId, sql },
      });
      return { body: result.structuredContent as Envelope, isError: result.isError === true };
    },
    async close() {
      await client.close().catch(() => undefined);
      await portal.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
