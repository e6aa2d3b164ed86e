import { isOpenDataError } from '@opendata-mcp/core';
import { describe, expect, it } from 'vitest';
import { openTables } from './open-tables.js';
import { TEST_LIMITS } from './test-support.js';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'ok',
    (error: unknown) => (isOpenDataError(error) ? error.code : `unexpected: ${String(error)}`),
  );
}

describe('openTables', () => {
  it('loads typed tables under their names, joins them, and reads no other table', async () => {
    const session = await openTables({
      tables: [
        {
          name: 'mortality',
          columns: [
            { name: 'year', type: 'VARCHAR' },
            { name: 'start', type: 'DATE' },
            { name: 'value', type: 'DOUBLE' },
          ],
          rows: [
            ['2020', '2020-01-01', 14.87],
            ['2021', '2021-01-01', 14.73],
          ],
        },
        {
          name: 'Pupils',
          columns: [
            { name: 'year', type: 'BIGINT' },
            { name: 'n', type: 'DECIMAL(18,3)' },
          ],
          rows: [[2020, 1.5]],
        },
      ],
      limits: TEST_LIMITS,
    });
    try {
      expect(session.tables?.map((t) => [t.name, t.rowCount])).toEqual([
        ['mortality', 2],
        ['Pupils', 1],
      ]);
      const joined = await session.query(
        'SELECT * FROM mortality m JOIN pupils p ON year(m.start) = p.year',
        { limit: 10 },
      );
      // The repeated name `year` gets a suffix rather than hiding the first.
      expect(joined.columns.map((c) => `${c.name} ${c.type}`)).toEqual([
        'year VARCHAR',
        'start DATE',
        'value DOUBLE',
        'year_1 BIGINT',
        'n DECIMAL(18,3)',
      ]);
      expect(joined.rows).toEqual([
        { year: '2020', start: '2020-01-01', value: 14.87, year_1: 2020, n: 1.5 },
      ]);
      expect(await codeOf(session.query('SELECT * FROM data', { limit: 1 }))).toBe('unsafe_sql');
      expect(await codeOf(session.query('SELECT * FROM main.mortality', { limit: 1 }))).toBe('unsafe_sql');
      const missing = await session
        .query('SELECT nope FROM mortality', { limit: 1 })
        .catch((e: unknown) => e);
      expect(missing).toMatchObject({
        code: 'query_error',
        hint: expect.stringContaining('mortality.value'),
      });
    } finally {
      await session.close();
    }
  });

  it('creates columns with plain types only, and loads values that do not fit their type as text', async () => {
    const session = await openTables({
      tables: [
        {
          name: 't',
          columns: [
            { name: 'odd', type: 'VARCHAR); DROP TABLE t; --' },
            { name: 'day', type: 'DATE' },
          ],
          rows: [['x', '2020-13-45']],
        },
      ],
      limits: TEST_LIMITS,
    });
    try {
      expect(session.columns.map((c) => c.type)).toEqual(['VARCHAR', 'VARCHAR']);
      expect(session.notes.join(' ')).toMatch(/loaded as text/);
      expect((await session.query('SELECT * FROM t', { limit: 1 })).rows).toEqual([
        { odd: 'x', day: '2020-13-45' },
      ]);
    } finally {
      await session.close();
    }
  });

  it('adds label and period-start columns in the engine, rows in their order, no name twice', async () => {
    const session = await openTables({
      tables: [
        {
          name: 'k',
          columns: [
            { name: 'area', type: 'VARCHAR' },
            { name: 'TIME_PERIOD', type: 'VARCHAR' },
            { name: 'code', type: 'VARCHAR' },
            { name: 'code_label', type: 'VARCHAR' },
          ],
          rowsJson: new TextEncoder().encode(
            JSON.stringify([
              ['BRA', '2021-01', 'x', 'own'],
              ['USA', '2020-W53', 'y', 'own'],
              ['CHE', '2020-Q2', 'x', null],
            ]),
          ),
          rowCount: 3,
          derive: {
            labels: { area: { BRA: 'Brazil', USA: 'United States' }, code: { x: 'X' } },
            periodStarts: true,
          },
        },
      ],
      limits: TEST_LIMITS,
    });
    try {
      expect(session.tables?.[0]?.columns.map((c) => `${c.name} ${c.type}`)).toEqual([
        'area VARCHAR',
        'TIME_PERIOD VARCHAR',
        'code VARCHAR',
        'code_label VARCHAR',
        'area_label VARCHAR',
        'TIME_PERIOD_start DATE',
      ]);
      // A code without a label has none; code_label stays the kept column.
      expect((await session.query('SELECT * FROM k', { limit: 10 })).rows).toEqual([
        {
          area: 'BRA',
          TIME_PERIOD: '2021-01',
          code: 'x',
          code_label: 'own',
          area_label: 'Brazil',
          TIME_PERIOD_start: '2021-01-01',
        },
        {
          area: 'USA',
          TIME_PERIOD: '2020-W53',
          code: 'y',
          code_label: 'own',
          area_label: 'United States',
          TIME_PERIOD_start: '2020-12-28',
        },
        {
          area: 'CHE',
          TIME_PERIOD: '2020-Q2',
          code: 'x',
          code_label: null,
          area_label: null,
          TIME_PERIOD_start: '2020-04-01',
        },
      ]);
    } finally {
      await session.close();
    }
  });

  it('refuses tables that together hold more rows than allowed', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => [i]);
    const table = (name: string) => ({ name, columns: [{ name: 'i', type: 'BIGINT' }], rows });
    expect(
      await codeOf(openTables({ tables: [table('a'), table('b')], limits: { ...TEST_LIMITS, maxRows: 10 } })),
    ).toBe('resource_too_large');
  });
});
