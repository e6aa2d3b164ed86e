import { once } from 'node:events';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { forkIsolated } from './fork-isolated.js';
import { startIsolatedThread } from './isolated-thread.js';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'isolation-test-')));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('forks a child that sees only the locale variables, its own directory and its heap cap', async () => {
  process.env.OPENDATA_PROBE_SECRET = 'token-that-must-stay-behind';
  process.env.TZ ??= 'UTC';
  try {
    const { child, ready } = forkIsolated({
      callerUrl: import.meta.url,
      entry: 'isolation-probe.test-support',
      heapMb: 96,
      cwd: dir,
      env: { TMPDIR: dir },
    });
    const [seen] = (await once(child, 'message')) as [
      { env: Record<string, string>; cwd: string; heapLimitMb: number },
    ];
    await ready;
    expect(seen.env.OPENDATA_PROBE_SECRET).toBeUndefined();
    expect(seen.env.PATH).toBeUndefined();
    expect(seen.env.TZ).toBe(process.env.TZ);
    expect(seen.env.TMPDIR).toBe(dir);
    expect(seen.cwd).toBe(dir);
    expect(seen.heapLimitMb).toBeGreaterThan(90);
    expect(seen.heapLimitMb).toBeLessThan(200);
    // The IPC channel is the child's lifeline: closing it ends the child.
    const exited = once(child, 'exit');
    child.disconnect();
    expect((await exited)[0]).toBe(0);
  } finally {
    delete process.env.OPENDATA_PROBE_SECRET;
  }
});

it('starts a thread from the TypeScript sources with its heap capped', async () => {
  const thread = startIsolatedThread(import.meta.url, 'isolation-probe.test-support', 48);
  const [seen] = (await once(thread, 'message')) as [{ heapLimitMb: number }];
  expect(seen.heapLimitMb).toBeGreaterThan(40);
  expect(seen.heapLimitMb).toBeLessThan(150);
  await thread.terminate();
});
