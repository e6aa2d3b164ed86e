import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectStdioScript, type StdioSession } from '@opendata-mcp/core/testing';

export type { StdioSession };

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Spawns the stdio server script over the given portals and connects a real MCP client to it.
 * Closing the session removes its cache folder once the server process has ended.
 */
export async function connectStdio(portals: Array<{ url: string; hostPort: string }>): Promise<StdioSession> {
  // A fresh resource cache per session, so one test file never reuses another's downloads.
  const cacheDir = mkdtempSync(join(tmpdir(), 'ckan-e2e-'));
  const args = [cacheDir, ...portals.flatMap((p) => [p.url, p.hostPort])];
  const session = await connectStdioScript(join(here, 'ckan-stdio-server.ts'), args, 'ckan-e2e');
  return {
    ...session,
    close: async () => {
      await session.close();
      await rm(cacheDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
