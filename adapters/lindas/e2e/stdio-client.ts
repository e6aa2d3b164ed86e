import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectStdioScript, type StdioSession } from '@opendata-mcp/core/testing';

export type { StdioSession };

const here = dirname(fileURLToPath(import.meta.url));

/** Spawns the LINDAS stdio server against a fixture endpoint and connects a real MCP client. */
export function connectStdio(endpoint: { url: string; hostPort: string }): Promise<StdioSession> {
  return connectStdioScript(
    join(here, 'lindas-stdio-server.ts'),
    [endpoint.url, endpoint.hostPort],
    'lindas-e2e',
  );
}
