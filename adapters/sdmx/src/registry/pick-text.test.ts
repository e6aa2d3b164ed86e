import { describe, expect, it } from 'vitest';
import { pickText } from './pick-text.js';

describe('pickText', () => {
  const names = [
    { lang: 'fr', value: 'Taux de mortalité' },
    { lang: 'en', value: 'Mortality rate' },
  ];

  it('gives the text in the language asked, else English, else the first given', () => {
    expect(pickText(names, 'fr')).toBe('Taux de mortalité');
    // UNICEF has no German labels: the answer falls back to English, as list_codes says.
    expect(pickText(names, 'de')).toBe('Mortality rate');
    expect(pickText([{ lang: 'es', value: 'Tasa' }], 'de')).toBe('Tasa');
  });

  it('gives null when there is no text at all', () => {
    expect(pickText([], 'en')).toBeNull();
  });
});
