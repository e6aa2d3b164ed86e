import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecords } from './open-records.js';
import type { TableSession } from './table-session.js';
import { TEST_LIMITS } from './test-support.js';

let session: TableSession;

beforeAll(async () => {
  const records = Array.from({ length: 3_000 }, (_, index) => ({ a: `row ${index}`, b: index }));
  session = await openRecords({
    fields: [
      { id: 'a', type: 'text' },
      { id: 'b', type: 'int4' },
    ],
    records,
    limits: { ...TEST_LIMITS, queryTimeoutMs: 20_000 },
  });
});

afterAll(() => session.close());

describe('several queries on one table', () => {
  it('answers a quick query while a slow one on the same table is still running', async () => {
    const finished: string[] = [];
    // A few hundred million combinations: about a second of work, no memory to speak of.
    const slow = session
      .query(
        'SELECT count(*) AS n FROM data x, data y, (SELECT b FROM data WHERE b < 40) z WHERE x.b + y.b = z.b * 97',
        { limit: 1 },
      )
      .then(() => finished.push('slow'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const quick = await session.query('SELECT max(b) AS top FROM data', { limit: 1 });
    finished.push('quick');
    expect(quick.rows).toEqual([{ top: 2_999 }]);
    await slow;
    expect(finished).toEqual(['quick', 'slow']);
  }, 30_000);
});
