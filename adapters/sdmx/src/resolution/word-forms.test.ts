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

  it('keeps words apart that differ in meaning', () => {
    expect(wordForms('male')).not.toEqual(wordForms('female'));
  });
});
