import { describe, expect, it } from 'vitest';
import { openRecords } from './open-records.js';
import { TEST_LIMITS } from './test-support.js';

const FIELDS = [
  { id: '_id', type: 'int' },
  { id: 'name', type: 'text' },
  { id: 'amount', type: 'numeric' },
];

describe('openRecords (DataStore pages)', () => {
  it('keeps the portal types and text such as CJK', async () => {
    const session = await openRecords({
      fields: FIELDS,
      records: [
        { _id: 1, name: '中国人', amount: '1.5' },
        { _id: 2, name: 'Zürich', amount: 2 },
      ],
      limits: TEST_LIMITS,
    });
    try {
      expect(session.format).toBe('records');
      expect(session.columns).toEqual([
        { name: '_id', type: 'BIGINT' },
        { name: 'name', type: 'VARCHAR' },
        { name: 'amount', type: 'DOUBLE' },
      ]);
      const { rows } = await session.query('SELECT sum(amount) AS total, min(name) AS first FROM data', {
        limit: 1,
      });
      expect(rows).toEqual([{ total: 3.5, first: 'Zürich' }]);
    } finally {
      await session.close();
    }
  });

  it('falls back to text when values break the declared types, and says so', async () => {
    const session = await openRecords({
      fields: FIELDS,
      records: [{ _id: 1, name: 'a', amount: 'n/a' }],
      limits: TEST_LIMITS,
    });
    try {
      expect(session.columns.every((column) => column.type === 'VARCHAR')).toBe(true);
      expect(session.notes.join('\n')).toMatch(/loaded as text/);
    } finally {
      await session.close();
    }
  });

  it('refuses more records than the row cap', async () => {
    const records = Array.from({ length: 11 }, (_, index) => ({ _id: index }));
    await expect(
      openRecords({ fields: FIELDS, records, limits: { ...TEST_LIMITS, maxRows: 10 } }),
    ).rejects.toMatchObject({ code: 'resource_too_large' });
  });
});
