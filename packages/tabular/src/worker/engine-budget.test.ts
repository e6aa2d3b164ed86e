import { afterEach, describe, expect, it } from 'vitest';
import { childPids } from '../fuzz/child-memory.js';
import { openRecords } from '../open-records.js';
import type { TableSession } from '../table-session.js';
import { TEST_LIMITS } from '../test-support.js';
import { liveEngines, stopSpareEngine } from './engine-pool.js';

const FIELDS = [
  { id: 'a', type: 'text' },
  { id: 'b', type: 'int4' },
];
const RECORDS = Array.from({ length: 3_000 }, (_, b) => ({ a: `row ${b}`, b }));
// Billions of combinations: busy for far longer than any test waits, no memory to speak of.
const SLOW = 'SELECT count(*) AS n FROM data x, data y, data z WHERE x.b + y.b + z.b = 4000';
const TWO = { ...TEST_LIMITS, maxEngines: 2, queryTimeoutMs: 20_000 };

const open: TableSession[] = [];
const load = async (limits = TWO) => {
  const session = await openRecords({ fields: FIELDS, records: RECORDS, limits });
  open.push(session);
  return session;
};

/** Counts this process's children (engine processes, the spare included) while `run` runs. */
async function mostAlive<T>(run: () => Promise<T>): Promise<{ value: T; most: number }> {
  let most = 0;
  const timer = setInterval(() => {
    most = Math.max(most, childPids(process.pid).length);
  }, 5);
  try {
    return { value: await run(), most };
  } finally {
    clearInterval(timer);
  }
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((session) => session.close()));
  stopSpareEngine();
});

describe('the server-wide engine budget', () => {
  it('with 2 engines, a third table unloads the least recently used idle one; never 3 alive', async () => {
    const { value: sessions, most } = await mostAlive(() => Promise.all([load(), load(), load()]));
    expect(most).toBeLessThanOrEqual(2);
    expect(liveEngines()).toBe(2);
    expect(sessions.filter((session) => session.isOpen())).toHaveLength(2);
    // The unloaded table tells its caller to load it again, as a retryable refusal.
    const gone = sessions.find((session) => !session.isOpen()) as TableSession;
    await expect(gone.query('SELECT 1 AS x', { limit: 1 })).rejects.toMatchObject({
      code: 'query_error',
      message: expect.stringMatching(/needed its query engine for another table/),
      retryable: true,
    });
    const reloaded = await mostAlive(() => load());
    expect(reloaded.most).toBeLessThanOrEqual(2);
    expect((await reloaded.value.query('SELECT count(*) AS n FROM data', { limit: 1 })).rows).toEqual([
      { n: 3_000 },
    ]);
  }, 60_000);

  it('waits while both engines run queries, and loads once one of them is idle', async () => {
    const [first, second] = await Promise.all([load(), load()]);
    const controller = new AbortController();
    const busy = (first as TableSession)
      .query(SLOW, { limit: 1, signal: controller.signal })
      .catch(() => null);
    const quick = (second as TableSession).query(SLOW, { limit: 1, signal: AbortSignal.timeout(1_500) }).then(
      () => 'answered',
      () => 'stopped',
    );
    // Both queries must have reached their engines: a table whose query is still on its way is idle,
    // and a load that starts in the same moment may unload it (its caller then gets a retryable error).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { value: third, most } = await mostAlive(() => load());
    expect(most).toBeLessThanOrEqual(2);
    // The second engine became idle when its query was stopped, and made way; the busy one was kept.
    expect(await quick).toBe('stopped');
    expect(first?.isOpen()).toBe(true);
    expect(second?.isOpen()).toBe(false);
    expect(third.isOpen()).toBe(true);
    controller.abort();
    await busy;
  }, 60_000);

  it('refuses a load as rate_limited when no engine becomes free in time', async () => {
    const only = await load({ ...TWO, maxEngines: 1 });
    const controller = new AbortController();
    const busy = only.query(SLOW, { limit: 1, signal: controller.signal }).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(load({ ...TWO, maxEngines: 1, queryTimeoutMs: 500 })).rejects.toMatchObject({
      code: 'rate_limited',
      retryable: true,
      message: expect.stringMatching(/budget: 1 engines/),
    });
    expect(only.isOpen()).toBe(true);
    controller.abort();
    await busy;
  }, 60_000);
});
