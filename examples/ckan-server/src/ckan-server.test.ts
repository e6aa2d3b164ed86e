import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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
  // The server keeps its downloads in the account's cache folder, found from HOME: a home of its own
  // keeps this test's out of the real one.
  const home = mkdtempSync(join(tmpdir(), 'ckan-server-home-'));
  beforeAll(async () => {
    session = await connectStdioScript(join(here, 'main.ts'), ['--offline'], 'ckan-server-test', {
      HOME: home,
    });
  });
  afterAll(async () => {
    await session?.close();
    await rm(home, { recursive: true, force: true });
  });

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
