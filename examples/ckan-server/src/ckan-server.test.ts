import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ckanDemoJourney } from '@opendata-mcp/ckan';
import { silentLogger } from '@opendata-mcp/core/server';
import { connectStdioScript, runJourney, type StdioSession } from '@opendata-mcp/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCkanServer } from './start-ckan-server.js';

const here = dirname(fileURLToPath(import.meta.url));

describe('CKAN reference server', () => {
  let session: StdioSession;
  beforeAll(async () => {
    session = await connectStdioScript(join(here, 'main.ts'), ['--offline'], 'ckan-server-test');
  });
  afterAll(() => session?.close());

  it('runs the demo journey offline over stdio: Kyiv protected areas by category, cited', async () => {
    const { answers, lines } = await runJourney(session, ckanDemoJourney);
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
