import { watchOutbound } from '@opendata-mcp/core/testing';
import { describe, expect, it } from 'vitest';
import { decodeJsonStat } from './decode-json-stat.js';

const base = {
  version: '2.0',
  class: 'dataset',
  label: 'Two by two',
  source: 'Somewhere',
  updated: '2024-05-01T00:00:00Z',
  id: ['Area', 'Year'],
  size: [2, 2],
  role: { time: ['Year'], geo: ['Area'] },
  dimension: {
    Area: {
      label: 'area',
      category: { index: { A: 0, B: 1 }, label: { A: 'Area A', B: 'Area B' } },
      extension: { elimination: true },
    },
    Year: { label: 'year', category: { index: ['2020', '2021'] } },
  },
};

describe('decodeJsonStat', () => {
  it('reads dense values with codes, labels, roles and elimination, last dimension fastest', () => {
    const decoded = decodeJsonStat({ ...base, value: [1, 2, 3, 4] });
    expect(decoded.dimensions.map((d) => [d.id, d.role, d.elimination])).toEqual([
      ['Area', 'geo', true],
      ['Year', 'time', false],
    ]);
    expect(decoded.cells.map((c) => [c.coordinates.Area?.label, c.coordinates.Year?.code, c.value])).toEqual([
      ['Area A', '2020', 1],
      ['Area A', '2021', 2],
      ['Area B', '2020', 3],
      ['Area B', '2021', 4],
    ]);
    expect(decoded).toMatchObject({
      label: 'Two by two',
      source: 'Somewhere',
      updated: '2024-05-01T00:00:00Z',
    });
  });

  it('reads sparse values and a status map, leaving absent cells null', () => {
    const decoded = decodeJsonStat({ ...base, value: { '0': 10, '3': 40 }, status: { '1': '..' } });
    expect(decoded.cells.map((c) => [c.value, c.status])).toEqual([
      [10, null],
      [null, '..'],
      [null, null],
      [40, null],
    ]);
  });

  it('reads a status given as one string for every cell', () => {
    const decoded = decodeJsonStat({ ...base, value: [1, 2, 3, 4], status: 'p' });
    expect(decoded.cells.every((c) => c.status === 'p')).toBe(true);
  });

  it('reads the structure alone when there are no values (v2 metadata)', () => {
    const decoded = decodeJsonStat(base, false);
    expect(decoded.cells).toEqual([]);
    expect(decoded.dimensions[1]?.categories).toEqual([
      { code: '2020', label: '2020' },
      { code: '2021', label: '2021' },
    ]);
  });

  it.each([
    ['a collection', { version: '2.0', class: 'collection', link: {} }],
    ['ids and sizes that disagree', { ...base, size: [2] }],
    ['a proxy page', '<html>please wait</html>'],
    ['null', null],
  ])('refuses %s as upstream_error', (_name, document) => {
    expect(() => decodeJsonStat(document)).toThrow(expect.objectContaining({ code: 'upstream_error' }));
  });

  // The toolkit fetches a string argument as a URL; a URL-looking body must be refused, not fetched.
  it('never lets the toolkit fetch a URL it is handed', async () => {
    const watch = watchOutbound();
    await watch.during(async () => {
      expect(() => decodeJsonStat('http://127.0.0.1:9/dataset.json')).toThrow(
        expect.objectContaining({ code: 'upstream_error' }),
      );
    });
    watch.stop();
    expect(watch.violations()).toEqual([]);
  });
});
