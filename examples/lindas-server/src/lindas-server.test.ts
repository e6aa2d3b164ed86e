import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '@opendata-mcp/core/server';
import { connectStdioScript, runJourney, type StdioSession } from '@opendata-mcp/core/testing';
import { lindasDemoJourney } from '@opendata-mcp/lindas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLindasServer } from './start-lindas-server.js';

const here = dirname(fileURLToPath(import.meta.url));

describe('LINDAS reference server', () => {
  let session: StdioSession;
  beforeAll(async () => {
    session = await connectStdioScript(join(here, 'main.ts'), ['--offline'], 'lindas-server-test');
  });
  afterAll(() => session?.close());

  it('runs the demo journey offline over stdio: waldbrand → Fedlex licence → «grosse Gefahr»', async () => {
    const { answers, lines } = await runJourney(session, lindasDemoJourney);
    const printed = lines.join('\n');
    expect(printed).toContain('«Waldbrandgefahr» (Published)');
    expect(printed).toMatch(/licence \(dcterms:license\): https:\/\/fedlex\.data\.admin\.ch\/eli\/cc\//);
    expect(printed).toContain('Dorneck / Thierstein (SO) · 2026-07-14: grosse Gefahr');
    expect(answers[2]?.citation).toMatch(
      /^Bundesamt für Umwelt BAFU: Waldbrandgefahr, via .* Swiss Environmental Protection Act .*, cited as legal basis \(https:\/\/fedlex/,
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
