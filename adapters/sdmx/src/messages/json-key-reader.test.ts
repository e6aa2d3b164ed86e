import { describe, expect, it } from 'vitest';
import { dataContext } from './data-context.js';
import { JsonCells } from './json-cells.js';
import { assignSlots, components } from './json-components.js';
import { KeyReader } from './json-key-reader.js';
import { parseDataMessage } from './parse-data-message.js';

const ctx = dataContext(null, 'en');
const values = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `v${i}` }));

/** Keys one after the other: shared prefixes of every length, short and long keys, bad indexes. */
const KEYS = [
  '0:0:0',
  '0:0:1',
  '0:0:12',
  '0:0:2',
  '0:1:2',
  '1:1:2',
  '1:1',
  '1:1:3',
  '1:1:3:9',
  '10:1:3',
  '1:0:3',
  '1:0:99',
  '1:x:3',
  '1:0:3',
  '',
  '2:2:2',
  '2:2:',
  '2:2:2',
];

describe('KeyReader', () => {
  it('writes what reading each key whole writes, whatever key came before', () => {
    // Slot 0 is the series' own, set only in the fallback: the reader must leave it alone.
    const dims = components(
      [
        { id: 'A', values: values(11) },
        { id: 'B', values: values(3) },
        { id: 'C', values: values(13) },
      ],
      'dimension',
      ctx,
    );
    const series = components([{ id: 'S', values: values(1) }], 'dimension', ctx);
    const size = assignSlots([series, dims]).length;
    const fallback = new JsonCells(size);
    for (const s of series) fallback.dimension(s, 0);
    const reader = new KeyReader(dims);
    const cells = new JsonCells(size);
    for (const key of KEYS) {
      const whole = new JsonCells(size);
      whole.key(dims, key);
      reader.read(key, cells, fallback);
      expect({ key, cells: cells.cells, tokens: [...cells.tokens] }).toEqual({
        key,
        cells: whole.cells,
        tokens: [...whole.tokens],
      });
    }
  });

  it('reads keys whole when a dimension shares its slot, so the last position naming it still wins', async () => {
    const structure = {
      dimensions: {
        observation: [
          { id: 'A', keyPosition: 0, values: values(3) },
          { id: 'A', keyPosition: 1, values: values(3) },
          { id: 'TIME_PERIOD', values: [{ id: '2000' }, { id: '2001' }] },
        ],
      },
    };
    const body = JSON.stringify({
      structure,
      dataSets: [{ observations: { '0:1:0': [1], '0:9:1': [2], '2:2:0': [3] } }],
    });
    const { observations } = await parseDataMessage(body, 'application/json', null, 'en');
    expect(observations.map((o) => [o.dimensions.A?.code, o.time_period, o.value])).toEqual([
      ['v1', '2000', 1],
      ['v0', '2001', 2],
      ['v2', '2000', 3],
    ]);
  });
});
