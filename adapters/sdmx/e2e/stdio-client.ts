import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const here = dirname(fileURLToPath(import.meta.url));

export interface StdioSession {
  client: Client;
  /** Calls a tool and returns its structured envelope plus the error flag. */
  // biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field in assertions.
  call(name: string, args: Record<string, unknown>): Promise<{ body: Record<string, any>; isError: boolean }>;
  close(): Promise<void>;
}

/** Spawns the SDMX stdio server against the fixture registries and connects a real MCP client. */
export async function connectStdio(fixture: {
  url: string;
  bisUrl: string;
  hostPort: string;
}): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      '--conditions=@opendata-mcp/source',
      '--import',
      'tsx',
      join(here, 'sdmx-stdio-server.ts'),
      fixture.url,
      fixture.bisUrl,
      fixture.hostPort,
    ],
    stderr: 'pipe',
  });
  const client = new Client({ name: 'sdmx-e2e', version: '0.0.0' });
  await client.connect(transport);
  return {
    client,
    async call(name, args) {
      const result = await client.callTool({ name, arguments: args });
      return { body: result.structuredContent as Record<string, unknown>, isError: result.isError === true };
    },
    close: () => client.close(),
  };
}
