import { describe, expect, it } from 'vitest';
import { keepableTableOf, toKeptTable } from './keepable-table.js';

describe('toKeptTable', () => {
  it('reads each column type from its values and keeps plain rows as they are', () => {
    const rows = [
      ['CHE', 2020, 1.5, true],
      ['BRA', 2021, 2, null],
    ];
    const kept = toKeptTable({ columns: ['area', 'year', 'value', 'flag'], rows });
    expect(kept.columns.map((c) => c.type)).toEqual(['VARCHAR', 'BIGINT', 'DOUBLE', 'BOOLEAN']);
    expect(kept.rows).toEqual(rows);
  });

  it('turns other values into cells, pads short rows, trims long ones, and never changes the input', () => {
    const rows: unknown[][] = [
      [10n, { a: 1 }, undefined],
      [2n ** 64n, [1, 2]],
      [1, 'x', 3, 'extra'],
    ];
    const copy = structuredClone(rows);
    const kept = toKeptTable({ columns: ['n', 'nested', 'z'], rows, fixed: { SEX: '_T', n: 'ignored' } });
    expect(kept.columns).toEqual([
      { name: 'n', type: 'VARCHAR' },
      { name: 'nested', type: 'VARCHAR' },
      { name: 'z', type: 'BIGINT' },
      { name: 'SEX', type: 'VARCHAR' },
    ]);
    expect(kept.rows).toEqual([
      [10, '{"a":1}', null, '_T'],
      ['18446744073709551616', '[1,2]', null, '_T'],
      [1, 'x', 3, '_T'],
    ]);
    expect(rows).toEqual(copy);
  });

  it('keeps the units an answer states for its columns, and only for columns it has', () => {
    const answer = {
      columns: ['year', 'value'],
      rows: [['2020', 6.2]],
      fixed: { SEX: '_T' },
      units: { value: 'Deaths per 1,000 live births', gone: 'CHF', year: 12 },
    };
    const table = keepableTableOf(answer);
    expect(table?.units).toEqual({ value: 'Deaths per 1,000 live births', gone: 'CHF' });
    expect(table && toKeptTable(table).units).toEqual({ value: 'Deaths per 1,000 live births' });
    expect(keepableTableOf({ columns: ['a'], rows: [[1]] })).not.toHaveProperty('units');
  });
});
