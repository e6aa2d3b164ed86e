import { describe, expect, it } from 'vitest';
import { dataContext } from './data-context.js';
import { ObsCells } from './obs-cells.js';

const entries = (cells: ObsCells) => cells.keys().map((id) => [id, cells.get(id)?.code]);

describe('ObsCells', () => {
  it('keeps the first position of a value given twice, with the later value, as a map would', () => {
    const cells = new ObsCells();
    const ctx = dataContext(null, 'en');
    cells.setCode(ctx, 'A', '1');
    cells.setCode(ctx, 'B', '2');
    cells.setCode(ctx, 'A', '3');
    expect(entries(cells)).toEqual([
      ['A', '3'],
      ['B', '2'],
    ]);
    expect(cells.has('C')).toBe(false);
  });

  it('reads each observation afresh, whether it repeats the last one, shortens it or reorders it', () => {
    const cells = new ObsCells();
    const ctx = dataContext(null, 'en');
    const observations = [
      [
        ['A', '1'],
        ['B', '2'],
        ['C', '3'],
      ],
      [
        ['A', '1'],
        ['B', '2'],
        ['C', '4'],
      ],
      [['A', '1']],
      [
        ['A', '1'],
        ['B', '2'],
        ['A', '5'],
        ['C', '3'],
      ],
      [
        ['C', '3'],
        ['A', '1'],
        ['C', '6'],
      ],
      [
        ['C', '6'],
        ['A', '1'],
        ['B', '2'],
      ],
      [['B', '7']],
      [
        ['B', '7'],
        ['A', '1'],
        ['B', '8'],
      ],
    ];
    const read = observations.map((given) => {
      cells.clear();
      for (const [id = '', code = ''] of given) cells.setCode(ctx, id, code);
      return entries(cells);
    });
    expect(read).toEqual(observations.map((given) => [...new Map(given as Array<[string, string]>)]));
  });

  it('gives the context shared cell of a code, reused from the last observation when the code repeats', () => {
    const cells = new ObsCells();
    const ctx = dataContext(null, 'en');
    cells.setCode(ctx, 'A', 'X');
    const first = cells.get('A');
    cells.clear();
    cells.setCode(ctx, 'A', 'X');
    expect(cells.get('A')).toBe(first);
    expect(first).toBe(ctx.cell('A', 'X'));
  });
});
