import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecords } from './open-records.js';
import type { TableSession } from './table-session.js';
import { TEST_LIMITS } from './test-support.js';

// The answers of one table's engine, held to bytes in the engine process itself.
let session: TableSession;
let small: TableSession;

const FIELDS = [
  { id: 'id', type: 'int4' },
  { id: 'name', type: 'text' },
];
const RECORDS = Array.from({ length: 50 }, (_, id) => ({ id, name: `name ${id}` }));

beforeAll(async () => {
  session = await openRecords({
    fields: FIELDS,
    records: RECORDS,
    limits: { ...TEST_LIMITS, queryTimeoutMs: 20_000 },
  });
  // 200 KiB in all: after the envelope's share, 128 KiB of rows.
  small = await openRecords({
    fields: FIELDS,
    records: RECORDS,
    limits: { ...TEST_LIMITS, maxAnswerBytes: 200 * 1024 },
  });
});
afterAll(async () => {
  await session.close();
  await small.close();
});

describe('answers bounded in bytes', () => {
  it('cuts a 6,000,000-character value to 2,000 and says which column and how long it was', async () => {
    const result = await session.query("SELECT id, repeat('x', 6000000) AS big FROM data ORDER BY id", {
      limit: 3,
    });
    expect(result.rows).toHaveLength(3);
    expect(result.rows.map((row) => (row.big as string).length)).toEqual([2_000, 2_000, 2_000]);
    expect(result.rows.map((row) => row.id)).toEqual([0, 1, 2]);
    expect(result.notes).toEqual([
      expect.stringMatching(
        /^Column "big": 3 value\(s\) longer than 2,000 characters .*6,000,000.*substr\("big"/,
      ),
    ]);
    expect(result.truncated).toBe(true);
  });

  it('shows a long list as the start of its JSON text', async () => {
    const result = await session.query("SELECT list(repeat('a', 100) || id ORDER BY id) AS ids FROM data", {
      limit: 1,
    });
    const shown = result.rows[0]?.ids as string;
    expect(typeof shown).toBe('string');
    expect(shown).toHaveLength(2_000);
    expect(shown.startsWith(`["${'a'.repeat(100)}0","`)).toBe(true);
    expect(result.notes[0]).toMatch(/first 2,000 characters of their JSON text/);
  });

  it('leaves values of 2,000 characters and less as they are, with no note', async () => {
    const result = await session.query("SELECT repeat('é', 2000) AS v FROM data LIMIT 1", { limit: 1 });
    expect(result.rows[0]?.v).toBe('é'.repeat(2_000));
    expect(result.notes).toEqual([]);
  });

  it('refuses an answer still over its budget once values are cut, naming what to narrow', async () => {
    const sql = "SELECT id, repeat('x', 1990) AS a, repeat('y', 1990) AS b FROM data";
    await expect(small.query(sql, { limit: 50 })).rejects.toMatchObject({
      code: 'resource_too_large',
      message: expect.stringMatching(/larger than the 0\.2 MiB/),
      hint: expect.stringMatching(/fewer columns.*fewer rows.*LIMIT.*aggregate/),
    });
    // Fewer rows fit, and the table is still there for the next query.
    const narrower = await small.query(sql, { limit: 10 });
    expect(narrower.rows).toHaveLength(10);
  });

  it('sends only the rows of the page asked for, so earlier rows count against nothing', async () => {
    const sql = "SELECT id, repeat('z', 1990) AS a, repeat('w', 1990) AS b FROM data ORDER BY id";
    const page = await small.query(sql, { limit: 50, offset: 40 });
    expect(page.rows.map((row) => row.id)).toEqual([40, 41, 42, 43, 44, 45, 46, 47, 48, 49]);
    expect(page.truncated).toBe(false);
  });

  it('marks a cut value inside a sample, which carries no notes', async () => {
    const table = await openRecords({
      fields: FIELDS,
      records: [{ id: 1, name: 'n'.repeat(5_000) }],
      limits: TEST_LIMITS,
    });
    try {
      const [row] = await table.sample(1);
      expect(row?.name).toBe(`${'n'.repeat(2_000)} … (cut: 5,000 characters)`);
    } finally {
      await table.close();
    }
  });
});
