import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type SuccessEnvelope, silentLogger } from '@opendata-mcp/core';
import { lindasDemoJourney } from '@opendata-mcp/lindas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLindasServer } from './start-lindas-server.js';

const here = dirname(fileURLToPath(import.meta.url));

describe('LINDAS reference server', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'lindas-server-test', version: '0.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--conditions=@opendata-mcp/source', '--import', 'tsx', join(here, 'main.ts'), '--offline'],
        stderr: 'pipe',
      }),
    );
  });
  afterAll(() => client?.close());

  it('runs the demo journey offline over stdio: waldbrand → Fedlex licence → «grosse Gefahr»', async () => {
    const answers: SuccessEnvelope[] = [];
    const lines: string[] = [];
    for (const step of lindasDemoJourney.steps) {
      const args = typeof step.args === 'function' ? step.args(answers) : step.args;
      const result = await client.callTool({ name: step.tool, arguments: args });
      expect(result.isError ?? false, JSON.stringify(result.structuredContent).slice(0, 300)).toBe(false);
      const envelope = result.structuredContent as unknown as SuccessEnvelope;
      answers.push(envelope);
      lines.push(step.summarize(envelope));
    }
    const printed = lines.join('\n');
    expect(printed).toContain('«Waldbrandgefahr» (Published)');
    expect(printed).toMatch(/licence \(dcterms:license\): https:\/\/fedlex\.data\.admin\.ch\/eli\/cc\//);
    expect(printed).toContain('Dorneck / Thierstein (SO) · 2026-07-14: grosse Gefahr');
    expect(answers[2]?.citation).toMatch(
      /^Bundesamt für Umwelt BAFU: Waldbrandgefahr, via .* licence https:\/\/fedlex/,
    );
  });

  it('refuses unknown arguments and conflicting flags', async () => {
    await expect(startLindasServer(['--bogus'], silentLogger)).rejects.toThrow(/usage/);
    await expect(
      startLindasServer(['--offline', '--endpoint', 'https://x.example/q'], silentLogger),
    ).rejects.toThrow(/usage/);
  });

  it('points at the live endpoint unless told otherwise, without contacting it at start', async () => {
    const handle = await startLindasServer([], silentLogger);
    expect(handle).toMatchObject({ endpoint: 'https://lindas.admin.ch/query', offline: false });
    await handle.close();
  });
});
