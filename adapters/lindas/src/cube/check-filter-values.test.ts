import { describe, expect, it } from 'vitest';
import { closeValues } from './check-filter-values.js';

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
