import { describe, expect, it } from 'vitest';
import { isPeriodColumn, periodStart } from './period-start.js';

describe('periodStart', () => {
  it.each([
    ['2020', '2020-01-01'],
    ['2020-Q1', '2020-01-01'],
    ['2020-Q4', '2020-10-01'],
    ['2020Q3', '2020-07-01'],
    ['2020K2', '2020-04-01'],
    ['2020-S2', '2020-07-01'],
    ['2020-H1', '2020-01-01'],
    ['2020-01', '2020-01-01'],
    ['2020M12', '2020-12-01'],
    ['2020-W01', '2019-12-30'],
    ['2020-W05', '2020-01-27'],
    ['2020-W53', '2020-12-28'],
    ['2021-W01', '2021-01-04'],
    ['2024-02-29', '2024-02-29'],
    ['https://ld.admin.ch/time/year/2000', '2000-01-01'],
    ['https://ld.admin.ch/time/month/2021-03', '2021-03-01'],
  ])('reads %s as starting on %s', (text, start) => {
    expect(periodStart(text)).toBe(start);
  });

  it.each([
    '2020-Q5',
    '2020-13',
    '2023-02-29',
    '2021-W53',
    '20201',
    'USA',
    '',
    '2020-01-01T00:00:00Z',
    'https://ld.admin.ch/canton/2000',
  ])('does not take %j for a period', (text) => {
    expect(periodStart(text)).toBeNull();
  });

  it('orders periods of different forms by the dates they start', () => {
    const starts = ['2021', '2020-Q3', '2020-W05', '2020-02'].map(periodStart);
    expect([...starts].sort()).toEqual(['2020-01-27', '2020-02-01', '2020-07-01', '2021-01-01']);
  });
});

describe('isPeriodColumn', () => {
  it('takes a column of quarters or months whatever its name', () => {
    expect(isPeriodColumn('x', ['2020-Q1', '2020-Q2', null])).toBe(true);
    expect(isPeriodColumn('x', ['2020-01', '2021-12'])).toBe(true);
  });

  it('takes four-digit years only when the name speaks of time, since codes look the same', () => {
    expect(isPeriodColumn('TIME_PERIOD', ['2019', '2020'])).toBe(true);
    expect(isPeriodColumn('Jahr', ['2019'])).toBe(true);
    expect(isPeriodColumn('Region', ['0114', '1280'])).toBe(false);
  });

  it('refuses a column with one value that is not a period, or with none at all', () => {
    expect(isPeriodColumn('time', ['2020', 'total'])).toBe(false);
    expect(isPeriodColumn('time', [null, null])).toBe(false);
    expect(isPeriodColumn('time', [2020])).toBe(false);
  });
});
