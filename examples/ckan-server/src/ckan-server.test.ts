import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ckanDemoJourney } from '@opendata-mcp/ckan';
import { type SuccessEnvelope, silentLogger } from '@opendata-mcp/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCkanServer } from './start-ckan-server.js';

const here = dirname(fileURLToPath(import.meta.url));

describe('CKAN reference server', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'ckan-server-test', version: '0.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--conditions=@opendata-mcp/source', '--import', 'tsx', join(here, 'main.ts'), '--offline'],
        stderr: 'pipe',
      }),
    );
  });
  afterAll(() => client?.close());

  it('runs the demo journey offline over stdio: Kyiv protected areas by category, cited', async () => {
    const answers: SuccessEnvelope[] = [];
    const lines: string[] = [];
    for (const step of ckanDemoJourney.steps) {
      const args = typeof step.args === 'function' ? step.args(answers) : step.args;
      const result = await client.callTool({ name: step.tool, arguments: args });
      expect(result.isError ?? false, JSON.stringify(result.structuredContent).slice(0, 300)).toBe(false);
      const envelope = result.structuredContent as unknown as SuccessEnvelope;
      answers.push(envelope);
      lines.push(step.summarize(envelope));
    }
    expect(lines.join('\n')).toContain('пам`ятка природи: 123 areas');
    expect(answers[2]?.citation).toMatch(/Міністерство енергетики та захисту довкілля України/);
  });

  it('refuses unknown arguments and conflicting flags', async () => {
    await expect(startCkanServer(['--bogus'], silentLogger)).rejects.toThrow(/usage/);
    await expect(startCkanServer(['--offline', '--url', 'https://x.example'], silentLogger)).rejects.toThrow(
      /usage/,
    );
  });

  it('points at data.gov.ua unless told otherwise, without contacting it at start', async () => {
    const handle = await startCkanServer([], silentLogger);
    expect(handle).toMatchObject({ url: 'https://data.gov.ua', offline: false });
    await handle.close();
  });
});
