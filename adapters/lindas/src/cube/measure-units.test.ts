import { describe, expect, it } from 'vitest';
import type { NamedDimension } from './dimension-names.js';
import { measureUnits, unitShown } from './measure-units.js';

const QUDT = 'http://qudt.org/vocab/unit/';

describe('unitShown', () => {
  it('writes a common QUDT unit as its symbol', () => {
    expect(unitShown(`${QUDT}MilliM`)).toBe('mm');
    expect(unitShown(`${QUDT}PERCENT`)).toBe('%');
    expect(unitShown(`${QUDT}DEG_C`)).toBe('°C');
    expect(unitShown(`${QUDT}KiloW-HR`)).toBe('kWh');
    expect(unitShown(`${QUDT}MicroGM-PER-M3`)).toBe('µg/m³');
  });

  it('writes any other QUDT unit by its QUDT name, and a unit outside QUDT as stated', () => {
    expect(unitShown(`${QUDT}NUM`)).toBe('NUM');
    expect(unitShown(`${QUDT}FT`)).toBe('FT');
    // Only QUDT's own unit namespace is shortened, not a look-alike under another path.
    expect(unitShown('http://qudt.org/vocab/currency/CHF')).toBe('http://qudt.org/vocab/currency/CHF');
    expect(unitShown('https://ld.admin.ch/unit/persons')).toBe('https://ld.admin.ch/unit/persons');
  });
});

describe('measureUnits', () => {
  it('gives the unit of each measure that states one, by column name, and nothing for other dimensions', () => {
    const dimension = (name: string, role: string, unit: string | null) =>
      ({ name, role, unit }) as unknown as NamedDimension;
    expect(
      measureUnits([
        dimension('Niederschlag', 'measure', `${QUDT}MilliM`),
        dimension('Anzahl', 'measure', null),
        dimension('Fläche', 'key', `${QUDT}HA`),
        dimension('Gefahrenstufe', 'measure', 'https://ld.admin.ch/unit/level'),
      ]),
    ).toEqual({ Niederschlag: 'mm', Gefahrenstufe: 'https://ld.admin.ch/unit/level' });
  });
});
