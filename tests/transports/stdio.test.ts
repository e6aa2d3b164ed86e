import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectStdio, type Era } from './connect-client.js';

const here = fileURLToPath(new URL('.', import.meta.url));
// The server runs from TypeScript sources, as the tests do; a desktop client would run dist/.
const LEGACY_HANDSHAKE: Array<Record<string, unknown>> = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
];
const SERVER_ARGS = ['--conditions=@opendata-mcp/source', '--import', 'tsx', 'fixtures/stdio-server.ts'];

describe.each<Era>(['legacy', 'modern'])('stdio, %s era', (era) => {
  let client: Client;
  let stderr: () => string;
  beforeAll(async () => {
    ({ client, stderr } = await connectStdio(era, process.execPath, SERVER_ARGS, here));
    client.setRequestHandler('elicitation/create', async () => ({
      action: 'accept',
      content: { name: 'Ada' },
    }));
  });
  afterAll(async () => {
    await client?.close();
  });

  it('negotiates the era and answers a call with the envelope', async () => {
    expect(client.getProtocolEra()).toBe(era);
    const result = await client.callTool({ name: 'echo_text', arguments: { text: 'salü' } });
    expect(result.structuredContent).toMatchObject({ ok: true, text: 'salü' });
  });

  it('delivers progress notifications', async () => {
    const seen: number[] = [];
    await client.callTool(
      { name: 'count_steps', arguments: { steps: 2 } },
      { onprogress: (p) => seen.push(p.progress) },
    );
    // The last report can lose a race inside the SDK client (see the wire-order test below).
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen).toEqual(seen.map((_, i) => i + 1));
  });

  it('aborts the running tool when the client cancels, as the server log shows', async () => {
    const label = `stdio-${era}`;
    const controller = new AbortController();
    const call = client.callTool(
      { name: 'wait_for_cancel', arguments: { label } },
      { signal: controller.signal, onprogress: () => controller.abort(new Error('cancelled by test')) },
    );
    await expect(call).rejects.toThrow();
    await vi.waitFor(() => expect(stderr()).toContain(`"label":"${label}"`), { timeout: 5_000 });
  });

  it('asks the client for input (elicitation) and uses the answer', async () => {
    const result = await client.callTool({ name: 'ask_name', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Ada!' }]);
  });

  it('writes logs as JSON lines on stderr', () => {
    const lines = stderr().trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(JSON.parse(line)).toHaveProperty('level');
  });
});

describe('stdio wire', () => {
  it('writes every progress notification before the result', async () => {
    const call = {
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'count_steps', arguments: { steps: 3 }, _meta: { progressToken: 7 } },
    };
    const { stdout } = await exchange([...LEGACY_HANDSHAKE, call], 5);
    const frames = stdout
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as { method?: string; id?: number });
    expect(frames.map((f) => f.method ?? `result ${f.id}`)).toEqual([
      'result 1',
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'result 5',
    ]);
  });
});

describe('stdio stdout hygiene', () => {
  it.each([
    [
      'legacy',
      [
        ...LEGACY_HANDSHAKE,
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'echo_text', arguments: { text: 'x' } },
        },
        {
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'echo_text', arguments: { wrong: 1 } },
        },
        { jsonrpc: '2.0', id: 4, method: 'no/such_method', params: {} },
      ],
    ],
    ['modern', [{ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} }]],
  ])('carries only JSON-RPC frames on stdout while logs go to stderr (%s)', async (_era, messages) => {
    const { stdout, stderr } = await exchange(messages, messages.filter((m) => 'id' in m).length);
    const frames = stdout.split('\n').filter((line) => line.length > 0);
    expect(frames.length).toBe(messages.filter((m) => 'id' in m).length);
    for (const frame of frames) expect(JSON.parse(frame)).toMatchObject({ jsonrpc: '2.0' });
    const logs = stderr.split('\n').filter((line) => line.length > 0);
    expect(logs.length).toBeGreaterThan(0);
    for (const line of logs) expect(JSON.parse(line)).toHaveProperty('level');
  });
});

/** Writes raw messages to a fresh server process and collects its output until `frames` lines came back. */
function exchange(messages: unknown[], frames: number): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, SERVER_ARGS, { cwd: here, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.split('\n').filter((l) => l.length > 0).length >= frames) child.stdin.end();
    });
    child.once('error', reject);
    child.once('close', () => resolve({ stdout, stderr }));
    for (const message of messages) child.stdin.write(`${JSON.stringify(message)}\n`);
  });
}
