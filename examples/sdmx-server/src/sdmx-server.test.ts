import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '@opendata-mcp/core/server';
import { connectStdioScript, runJourney, type StdioSession } from '@opendata-mcp/core/testing';
import { sdmxDemoJourney } from '@opendata-mcp/sdmx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSdmxServer } from './start-sdmx-server.js';

const here = dirname(fileURLToPath(import.meta.url));

describe('SDMX reference server', () => {
  let session: StdioSession;
  beforeAll(async () => {
    session = await connectStdioScript(join(here, 'main.ts'), ['--offline'], 'sdmx-server-test');
  });
  afterAll(() => session?.close());

  it('runs the demo journey offline over stdio, with a citation naming the registry data', async () => {
    const { answers } = await runJourney(session, sdmxDemoJourney);
    const last = answers.at(-1);
    expect(last?.ok).toBe(true);
    expect(last?.citation).toMatch(/UNICEF/);
    expect(last?.source.backend).toBe('sdmx');
  });

  it('refuses unknown arguments, a flag without its value and conflicting flags', async () => {
    await expect(startSdmxServer(['--bogus'], silentLogger)).rejects.toThrow(/usage/);
    await expect(startSdmxServer(['--url'], silentLogger)).rejects.toThrow(/usage/);
    await expect(
      startSdmxServer(['--offline', '--url', 'https://x.example/rest'], silentLogger),
    ).rejects.toThrow(/usage/);
  });

  it('refuses an agency id the registry could not hold, naming the option', async () => {
    await expect(startSdmxServer(['--agency', 'no spaces'], silentLogger)).rejects.toThrow(/agency/);
  });

  it('points at UNICEF unless told otherwise, without contacting it at start', async () => {
    const handle = await startSdmxServer([], silentLogger);
    expect(handle).toMatchObject({
      url: 'https://sdmx.data.unicef.org/ws/public/sdmxapi/rest',
      offline: false,
    });
    await handle.close();
  });
});
