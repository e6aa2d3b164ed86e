import { describe, expect, it } from 'vitest';
import { totalsFirst } from './totals-first.js';

describe('totalsFirst', () => {
  it('orders rows by how many breakdowns are not at their total, keeping the order sent within each', () => {
    const rows = [
      { SEX: 'F', AGE: '_T', n: 1 },
      { SEX: { code: '_T', label: 'Total' }, AGE: 'Y0', n: 2 },
      { SEX: 'M', AGE: 'Y0', n: 3 },
      { SEX: '_T', AGE: '_T', n: 4 },
      { SEX: 'M', AGE: '_T', n: 5 },
    ];
    expect(totalsFirst(rows, ['SEX', 'AGE']).map((r) => r.n)).toEqual([4, 1, 2, 5, 3]);
    // A dimension the rows lack, or a row without a code there, counts as no breakdown.
    expect(totalsFirst(rows, ['AREA']).map((r) => r.n)).toEqual([1, 2, 3, 4, 5]);
    expect(totalsFirst(rows, []).map((r) => r.n)).toEqual([1, 2, 3, 4, 5]);
  });
});
