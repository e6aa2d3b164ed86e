import { describe, expect, it } from 'vitest';
import { openTable } from './open-table.js';
import { TEST_LIMITS, testData } from './test-support.js';

const KYIV = 'ua_data-gov-ua_menr_protected_areas_kyiv_city__cp1251_semicolon.csv';

describe('openTable on the Kyiv protected-areas file (Windows-1251, ;, decimal commas)', () => {
  it('decodes, finds the columns and reads decimal commas as numbers', async () => {
    const session = await openTable({ path: testData(KYIV), formatHint: 'СЅV', limits: TEST_LIMITS });
    try {
      expect(session.format).toBe('csv');
      expect(session.rowCount).toBe(198);
      expect(session.columns.map((column) => column.name).slice(0, 5)).toEqual([
        '№ з.п.',
        'Назва території чи об’єкта ПЗФ',
        'Категорія',
        'Тип',
        'Площа, га',
      ]);
      expect(session.columns[4]?.type).toBe('DOUBLE');
      expect(session.notes.join('\n')).toMatch(/Windows-1251/);
      expect(session.notes.join('\n')).not.toMatch(/subtotals/);
      // The whole-table checks run when first asked for, not on the way to the first answer.
      expect((await session.checkNotes()).join('\n')).toMatch(/subtotals/);
      const result = await session.query(
        `select round(sum("Площа, га"), 2) as area from data where "Назва території чи об’єкта ПЗФ" = '«Голосіївський»'`,
        { limit: 5 },
      );
      expect(result.rows).toEqual([{ area: 4525.52 }]);
      expect(result.truncated).toBe(false);
    } finally {
      await session.close();
    }
  });
});
