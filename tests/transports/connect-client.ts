import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

export type Era = 'legacy' | 'modern';

/**
 * The SDK client speaks the 2025 `initialize` handshake unless told otherwise; pinning
 * 2026-07-28 makes it open with `server/discover` and fail rather than fall back.
 */
function newClient(era: Era): Client {
  return new Client(
    { name: 'transport-test', version: '0.0.0' },
    {
      capabilities: { elicitation: { form: {} } },
      ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
    },
  );
}

export async function connectHttp(
  url: string,
  era: Era,
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = newClient(era);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

export async function connectStdio(
  era: Era,
  command: string,
  args: string[],
  cwd: string,
): Promise<{ client: Client; stderr: () => string }> {
  const client = newClient(era);
  const transport = new StdioClientTransport({ command, args, cwd, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}
