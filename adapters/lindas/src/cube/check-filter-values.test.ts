import { describe, expect, it } from 'vitest';
import { closeValues, valuesWithinCanton } from './check-filter-values.js';

describe('closeValues', () => {
  const names = [
    'grosse Gefahr',
    'sehr grosse Gefahr',
    'mässige Gefahr',
    'keine Gefahr',
    'Dorneck / Thierstein (SO)',
  ];

  it('puts names that contain the asked text first, then the nearest by edit distance', () => {
    expect(closeValues('Dorneck', names)[0]).toBe('Dorneck / Thierstein (SO)');
    expect(closeValues('grose Gefahr', names).slice(0, 2)).toEqual(['grosse Gefahr', 'keine Gefahr']);
    expect(closeValues('GROSSE', names).slice(0, 2)).toEqual(['grosse Gefahr', 'sehr grosse Gefahr']);
  });

  it('gives at most five, each once', () => {
    expect(closeValues('x', [...names, ...names, 'a', 'b'])).toHaveLength(5);
    expect(new Set(closeValues('x', [...names, ...names]))).toHaveProperty('size', 5);
  });
});

describe('valuesWithinCanton', () => {
  const regions = ['Sopraceneri (TI)', 'Dorneck / Thierstein (SO)', 'Olten (SO)', 'Basel (BS)'];

  it("lists the values tagged with the canton's abbreviation, whatever language names the canton", () => {
    expect(valuesWithinCanton('Solothurn', regions)).toEqual({
      canton: 'Solothurn (SO)',
      values: ['Dorneck / Thierstein (SO)', 'Olten (SO)'],
    });
    expect(valuesWithinCanton('Soletta', regions).values).toHaveLength(2);
  });

  it('finds nothing for a name that is no canton, or a canton the values do not tag', () => {
    expect(valuesWithinCanton('Dorneck', regions).values).toEqual([]);
    expect(valuesWithinCanton('Genf', regions).values).toEqual([]);
  });
});
