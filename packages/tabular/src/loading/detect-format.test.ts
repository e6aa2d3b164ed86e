import { describe, expect, it } from 'vitest';
import { detectFormat, normalizeFormatLabel } from './detect-format.js';

describe('normalizeFormatLabel', () => {
  it.each([
    ['CSV', 'csv'],
    [' csv ', 'csv'],
    ['.csv', 'csv'],
    ['СЅV', 'csv'],
    ['text/csv', 'csv'],
    ['ХLSX', 'xlsx'],
    ['application/x-parquet', 'parquet'],
    [null, ''],
  ])('%s → %s', (label, expected) => {
    expect(normalizeFormatLabel(label)).toBe(expected);
  });
});

describe('detectFormat', () => {
  it('trusts the bytes', () => {
    expect(detectFormat(Buffer.from('PAR1xxxx'))).toBe('parquet');
    expect(detectFormat(Buffer.from(' \n[{"a":1}]'))).toBe('json');
    expect(detectFormat(Buffer.from('\uFEFFa;b\n1;2\n'))).toBe('csv');
  });
});
