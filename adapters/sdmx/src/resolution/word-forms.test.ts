import { describe, expect, it } from 'vitest';
import { wordForms } from './word-forms.js';

describe('word forms', () => {
  it('folds British spellings, hyphens and plurals onto one form', () => {
    expect(wordForms('Immunisation')).toEqual(wordForms('immunization'));
    expect(wordForms('under-five')).toEqual(wordForms('Under five'));
    expect(wordForms('vaccines')).toEqual(wordForms('vaccination'));
    expect(wordForms('Côte d’Ivoire')).toEqual(wordForms('cote d ivoire'));
  });

  it('drops words that carry no meaning and keeps the rest in order', () => {
    expect(wordForms('the rate of mortality')).toEqual(['rate', 'mortal']);
  });

  it("reads small numbers written as words as their digits, in the labels' languages", () => {
    for (const words of ['under five', 'unter fünf', 'moins de cinq', 'menores de cinco', 'under-5'])
      expect(wordForms(words).at(-1)).toBe('5');
    expect(wordForms('quatre ans')).toEqual(wordForms('4 ans'));
  });

  it('leaves number words that are everyday words as they are', () => {
    expect(wordForms('deaths due to malaria')).not.toContain('2');
    expect(wordForms('logements neufs très petits')).not.toContain('9');
    expect(wordForms('très')).not.toEqual(['3']);
  });

  it('keeps words apart that differ in meaning', () => {
    expect(wordForms('male')).not.toEqual(wordForms('female'));
  });
});
