import { isOpenDataError } from '@opendata-mcp/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FlowStructure } from '../registry/flow-structure.js';
import { recordedCme } from '../test-support/recorded-structure.test-support.js';
import { dimensionRoles } from './dimension-roles.js';
import { type ResolutionPolicy, resolveFilters } from './resolve-filters.js';

const NO_DEFAULTS: ResolutionPolicy = { language: 'en', totalDefaults: [], totalCode: '_T' };

describe('resolving filters against the recorded UNICEF CME structure', () => {
  let cme: FlowStructure;
  beforeAll(async () => {
    cme = await recordedCme();
  });
  const resolve = (filters: Record<string, string | string[]>, policy = NO_DEFAULTS) =>
    resolveFilters(cme, dimensionRoles(cme), filters, policy);

  it('infers the roles of the dimensions from their concepts and code lists', () => {
    expect(dimensionRoles(cme).map((r) => `${r.dimension.id}:${r.role}`)).toEqual([
      'REF_AREA:geography',
      'INDICATOR:indicator',
      'SEX:sex',
      'WEALTH_QUINTILE:other',
    ]);
  });

  it('reads labels, everyday words and role names: under-five mortality, girls, Brazil', () => {
    const out = resolve({ indicator: 'under-five mortality', sex: 'girls', area: 'Brazil' });
    expect(out.codes).toEqual({ INDICATOR: ['CME_MRY0T4'], SEX: ['F'], REF_AREA: ['BRA'] });
    expect(out.resolved.map((r) => r.matched_by)).toEqual(['words', 'label', 'label']);
    expect(out.defaults).toEqual([]);
    expect(out.ambiguous).toEqual([]);
  });

  it('reads a number written in words or digits alike: the French label says "cinq", the question "5"', () => {
    const out = resolve({ indicator: 'Taux de mortalité des moins de 5 ans' });
    expect(out.codes).toEqual({ INDICATOR: ['CME_MRY0T4'] });
    expect(out.resolved[0]?.matched_by).toBe('label');
  });

  it('offers a lone label holding every word, but a small part of it, instead of taking it', () => {
    // Only the annual rate of reduction holds every word; they are not half of its French label.
    const out = resolve({ indicator: 'taux mortalité moins 5 ans précédentes' });
    expect(out.codes.INDICATOR).toEqual([]);
    expect(out.ambiguous[0]?.candidates).toEqual([
      { code: 'CME_ARR_U5MR', label: 'Annual rate of reduction in under-five mortality rate' },
    ]);
  });

  it('reads everyday words for the sexes in the languages questions come in', () => {
    for (const [asked, code] of [
      ['Mädchen', 'F'],
      ['Jungen', 'M'],
      ['filles', 'F'],
      ['hombres', 'M'],
      ['insgesamt', '_T'],
    ])
      expect(resolve({ sex: asked as string }).codes, asked).toEqual({ SEX: [code] });
  });

  it('reads everyday words for ranked groups', () => {
    expect(resolve({ 'wealth quintile': 'poorest' }).codes).toEqual({ WEALTH_QUINTILE: ['Q1'] });
  });

  it('keeps codes as codes, in any case', () => {
    const out = resolve({ REF_AREA: ['usa', 'BRA'], INDICATOR: 'CME_MRY0T4' });
    expect(out.codes).toEqual({ REF_AREA: ['USA', 'BRA'], INDICATOR: ['CME_MRY0T4'] });
  });

  it('reports a label several codes share instead of choosing one', () => {
    const out = resolve({ area: 'Sub-Saharan Africa' });
    expect(out.codes.REF_AREA).toEqual([]);
    const codes = out.ambiguous[0]?.candidates.map((c) => c.code) ?? [];
    expect(codes).toEqual(expect.arrayContaining(['UNICEF_SSA', 'UNSDG_SUBSAHARANAFRICA']));
  });

  it('prefers the indicators filed under the flow itself in a shared indicator list', () => {
    const out = resolve({ indicator: 'neonatal mortality rate' });
    expect(out.codes.INDICATOR).toEqual(['CME_MRM0']);
  });

  it('applies a total only where the profile says so, and says it did', () => {
    const out = resolve({ area: 'BRA' }, { ...NO_DEFAULTS, totalDefaults: ['WEALTH_QUINTILE', 'SEX'] });
    expect(out.codes).toMatchObject({ SEX: ['_T'], WEALTH_QUINTILE: ['_T'] });
    expect(out.defaults.map((d) => `${d.dimension}=${d.code} ${d.why}`)).toEqual([
      'SEX=_T profile_total',
      'WEALTH_QUINTILE=_T profile_total',
    ]);
    expect(resolve({ area: 'BRA' }).codes).toEqual({ REF_AREA: ['BRA'] });
  });

  it('refuses a label no code has, and an unknown dimension, naming what exists', () => {
    const refused = (filters: Record<string, string>) => {
      try {
        resolve(filters);
      } catch (error) {
        return isOpenDataError(error) ? `${error.code}: ${error.message}` : String(error);
      }
      return 'no error';
    };
    expect(refused({ area: 'Atlantis' })).toMatch(
      /^invalid_input: No code of REF_AREA in CME matches "Atlantis"/,
    );
    // An indicator asked in a language the code list lacks is sent to find_indicators, which reads it.
    try {
      resolve({ indicator: 'Sterblichkeit unter fünf Jahren' });
      expect.unreachable('a German label matched an English code list');
    } catch (error) {
      expect(isOpenDataError(error) && error.hint).toMatch(
        /^find_indicators \{"query": "Sterblichkeit unter fünf Jahren"\} also reads words in other languages; list_codes/,
      );
    }
    expect(refused({ colour: 'red' })).toMatch(
      /^invalid_input: .*no dimension "colour".*REF_AREA \(geography\)/,
    );
    expect(refused({ year: '2020' })).toMatch(/^invalid_input: year is the time dimension/);
  });
});
