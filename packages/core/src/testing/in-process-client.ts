import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import type { OpenDataServer } from '../server/create-server.js';

export interface InProcessPair {
  client: Client;
  close(): Promise<void>;
}

/** A real SDK client connected to the server in memory: the protocol without a process or socket. */
export async function connectInProcess(server: OpenDataServer): Promise<InProcessPair> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const mcp = server.createMcpServer();
  await mcp.connect(serverTransport);
  const client = new Client({ name: 'opendata-mcp-test', version: '0.0.0' });
  await client.connect(clientTransport);
  return {
    client,
    async close() {
      await client.close();
      await mcp.close();
    },
  };
}
