import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';

export interface StdioSession {
  client: Client;
  /** Calls a tool and returns its structured envelope plus the error flag. */
  // biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field in assertions.
  call(name: string, args: Record<string, unknown>): Promise<{ body: Record<string, any>; isError: boolean }>;
  close(): Promise<void>;
}

/**
 * Spawns a TypeScript server script from the workspace sources (tsx, the `@opendata-mcp/source`
 * condition) and connects a real MCP client to it over stdio, as a desktop client would: with the
 * few variables a desktop client passes on (PATH, HOME …), and `env` over them.
 */
export async function connectStdioScript(
  script: string,
  args: string[],
  clientName: string,
  env: Record<string, string> = {},
): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--conditions=@opendata-mcp/source', '--import', 'tsx', script, ...args],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  const client = new Client({ name: clientName, version: '0.0.0' });
  await client.connect(transport);
  return {
    client,
    async call(name, callArgs) {
      const result = await client.callTool({ name, arguments: callArgs });
      return { body: result.structuredContent as Record<string, unknown>, isError: result.isError === true };
    },
    close: () => client.close(),
  };
}
