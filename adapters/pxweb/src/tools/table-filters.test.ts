import { OpenDataError } from '@opendata-mcp/core';
import { describe, expect, it } from 'vitest';
import { tableFilterCodes } from './table-filters.js';

describe('tableFilterCodes', () => {
  it('reads one code as a list of one, and drops repeated codes', () => {
    expect(tableFilterCodes({ Region: '01', Tid: ['2022', '2023', '2022'] })).toEqual({
      Region: ['01'],
      Tid: ['2022', '2023'],
    });
  });

  it('is empty without filters', () => {
    expect(tableFilterCodes(undefined)).toEqual({});
  });

  it('refuses codes PxWeb cannot be sent: a comma-joined list, a variable code with a slash', () => {
    const refused: Array<Record<string, string>> = [{ Region: '01,03' }, { 'Region/x': '01' }];
    for (const filters of refused) {
      expect(() => tableFilterCodes(filters)).toThrow(/not a PxWeb (value|variable) code/);
    }
  });

  it('refuses a comparison, which a PxWeb selection cannot express', () => {
    expect(() => tableFilterCodes({ Tid: { gte: '2020' } })).toThrow(OpenDataError);
    try {
      tableFilterCodes({ Tid: { gte: '2020' } });
    } catch (error) {
      expect((error as OpenDataError).code).toBe('invalid_input');
    }
  });
});
