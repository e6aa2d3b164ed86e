import { createServer } from 'node:http';
import { startCkanFixture } from '@opendata-mcp/fixtures';
import { describe, expect, it } from 'vitest';
import { onPreferredPort } from './preferred-port.js';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('onPreferredPort', () => {
  it('starts a fixture on the port it prefers, the same address for every run', async () => {
    const port = await freePort();
    const first = await onPreferredPort(startCkanFixture, port);
    expect(first.url).toBe(`http://127.0.0.1:${port}`);
    await first.close();
    const again = await onPreferredPort(startCkanFixture, port);
    expect(again.url).toBe(`http://127.0.0.1:${port}`);
    await again.close();
  });

  it('falls back to any free port when the preferred one is taken', async () => {
    const port = await freePort();
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const fixture = await onPreferredPort(startCkanFixture, port);
      expect(fixture.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(fixture.url).not.toBe(`http://127.0.0.1:${port}`);
      await fixture.close();
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('passes on a failure that is not a taken port', async () => {
    const broken = async () => {
      throw Object.assign(new Error('recordings missing'), { code: 'ENOENT' });
    };
    await expect(onPreferredPort(broken, 1)).rejects.toThrow('recordings missing');
  });
});
