import { isOpenDataError } from '@opendata-mcp/core';
import { describe, expect, it } from 'vitest';
import { preparedBars } from '../testing/prepared-bars.js';
import { renderIsolated, spareRendererPid, warmRenderer } from './render-pool.js';

const SIDE = 2_000;

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && running(pid); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return !running(pid);
}

async function failure(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

/** The process the next chart will be drawn in. */
function nextRenderer(): number {
  warmRenderer();
  const pid = spareRendererPid();
  if (pid === undefined) throw new Error('no spare renderer');
  return pid;
}

describe('the renderer process', () => {
  it('draws a chart in a process apart and keeps that process warm for the next chart', async () => {
    const pid = nextRenderer();
    expect(pid).not.toBe(process.pid);
    const drawn = await renderIsolated(preparedBars(12), SIDE, { deadlineMs: 60_000 });
    expect(Buffer.from(drawn.png.subarray(1, 4)).toString()).toBe('PNG');
    expect(drawn.width).toBeGreaterThan(640);
    expect(drawn.vegaLite).toMatchObject({ vconcat: [{ mark: { type: 'bar' } }] });
    expect(spareRendererPid()).toBe(pid);
  }, 60_000);

  it('kills the process at the deadline and answers query_timeout', async () => {
    const pid = nextRenderer();
    const error = await failure(renderIsolated(preparedBars(3_000, 60), SIDE, { deadlineMs: 200 }));
    expect(isOpenDataError(error) && error.code).toBe('query_timeout');
    expect((error as Error).message).toContain('200 ms');
    expect(await gone(pid)).toBe(true);
    // A fresh spare stands in for the next chart.
    expect(spareRendererPid()).not.toBe(pid);
  }, 60_000);

  it('kills the process when the call is cancelled, and answers with the reason', async () => {
    const pid = nextRenderer();
    const controller = new AbortController();
    const reason = new Error('the client cancelled');
    setTimeout(() => controller.abort(reason), 100);
    const error = await failure(
      renderIsolated(preparedBars(3_000, 60), SIDE, { deadlineMs: 60_000, signal: controller.signal }),
    );
    expect(error).toBe(reason);
    expect(await gone(pid)).toBe(true);
  }, 60_000);

  it('answers resource_too_large when the process dies under a chart', async () => {
    const pid = nextRenderer();
    setTimeout(() => process.kill(pid, 'SIGKILL'), 100);
    const error = await failure(renderIsolated(preparedBars(3_000, 60), SIDE, { deadlineMs: 60_000 }));
    expect(isOpenDataError(error) && error.code).toBe('resource_too_large');
    expect((error as Error).message).toContain('SIGKILL');
  }, 60_000);

  it('hands a refusal of the renderer back with its code and details', async () => {
    const error = await failure(renderIsolated(preparedBars(12), 300, { deadlineMs: 60_000 }));
    expect(isOpenDataError(error) && error.code).toBe('resource_too_large');
    expect(isOpenDataError(error) && error.details).toMatchObject({ max_image_side: 300 });
  }, 60_000);

  it('lets a chart wait for a free renderer no longer than its call', async () => {
    const busy = new AbortController();
    const heavy = () =>
      failure(renderIsolated(preparedBars(3_000, 60), SIDE, { deadlineMs: 60_000, signal: busy.signal }));
    const both = [heavy(), heavy()];
    const waiting = new AbortController();
    const reason = new Error('the call ran out of time');
    setTimeout(() => waiting.abort(reason), 200);
    const started = performance.now();
    const error = await failure(
      renderIsolated(preparedBars(12), SIDE, { deadlineMs: 60_000, signal: waiting.signal }),
    );
    expect(error).toBe(reason);
    expect(performance.now() - started).toBeLessThan(5_000);
    busy.abort(new Error('done'));
    await Promise.all(both);
    // Slots are free again once the two are stopped.
    const drawn = await renderIsolated(preparedBars(12), SIDE, { deadlineMs: 60_000 });
    expect(drawn.png.byteLength).toBeGreaterThan(0);
  }, 60_000);
});
