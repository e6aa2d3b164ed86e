import { describe, expect, it } from 'vitest';
import type { TableStructure } from './api/pxweb-api.js';
import { buildSelection } from './selection.js';

const structure: TableStructure = {
  tableId: 'T1',
  title: 'T',
  updated: null,
  source: null,
  url: 'http://x',
  query: { language: 'url', text: 'http://x' },
  fetchedAt: new Date(0),
  fromCache: false,
  variables: [
    {
      code: 'Region',
      label: 'region',
      role: 'geo',
      elimination: true,
      values: [
        { code: '01', label: 'North' },
        { code: '02', label: 'South' },
      ],
    },
    {
      code: 'Tid',
      label: 'year',
      role: 'time',
      elimination: false,
      values: [
        { code: '2022', label: null },
        { code: '2023', label: null },
        { code: '2024', label: null },
      ],
    },
  ],
};

describe('buildSelection', () => {
  it('drops an omitted variable that may be eliminated and takes a mandatory one whole', () => {
    expect(buildSelection(structure, {}, 100)).toEqual({ items: [{ code: 'Tid', values: 'all' }], cells: 3 });
  });

  it('keeps the table order and removes repeated codes', () => {
    expect(buildSelection(structure, { Tid: ['2023', '2023'], Region: ['02'] }, 100)).toEqual({
      items: [
        { code: 'Region', values: ['02'] },
        { code: 'Tid', values: ['2023'] },
      ],
      cells: 1,
    });
  });

  it('refuses an unknown variable, naming the variables', () => {
    expect(() => buildSelection(structure, { Sex: ['1'] }, 100)).toThrow(
      expect.objectContaining({ code: 'invalid_input', hint: 'Variables: Region, Tid.' }),
    );
  });

  it('refuses a label given for a code, with example codes', () => {
    expect(() => buildSelection(structure, { Region: ['North'] }, 100)).toThrow(
      expect.objectContaining({ code: 'invalid_input', hint: expect.stringContaining('01, 02') }),
    );
  });

  it('reads a place name in any gazetteer language as the value that codes or labels the place', () => {
    const countries: TableStructure = {
      ...structure,
      variables: [
        {
          code: 'Land',
          label: 'country',
          role: 'geo',
          elimination: true,
          values: [
            { code: 'DE', label: 'Germany' },
            { code: '9', label: 'Schweiz' },
            { code: 'X1', label: 'Congo' },
            { code: 'X2', label: 'Democratic Republic of the Congo' },
          ],
        },
      ],
    };
    const chosen = (asked: string[]) => buildSelection(countries, { Land: asked }, 100).items[0]?.values;
    expect(chosen(['Allemagne', 'Німеччина'])).toEqual(['DE']);
    expect(chosen(['Svizzera'])).toEqual(['9']);
    expect(chosen(['République du Congo'])).toEqual(['X1']);
    expect(() => chosen(['Atlantis'])).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    // Two places named alike, each a value of the table: refused, not guessed.
    expect(() => chosen(['Congo'])).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });

  it('refuses a selection over the cell budget before any call', () => {
    expect(() => buildSelection(structure, { Region: ['01', '02'] }, 5)).toThrow(
      expect.objectContaining({ code: 'resource_too_large', details: { cells: 6, max_cells: 5 } }),
    );
  });
});
