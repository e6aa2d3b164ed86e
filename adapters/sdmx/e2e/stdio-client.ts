import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectStdioScript, type StdioSession } from '@opendata-mcp/core/testing';

export type { StdioSession };

const here = dirname(fileURLToPath(import.meta.url));

/** Spawns the SDMX stdio server against the fixture registries and connects a real MCP client. */
export function connectStdio(fixture: {
  url: string;
  bisUrl: string;
  hostPort: string;
}): Promise<StdioSession> {
  const args = [fixture.url, fixture.bisUrl, fixture.hostPort];
  return connectStdioScript(join(here, 'sdmx-stdio-server.ts'), args, 'sdmx-e2e');
}
