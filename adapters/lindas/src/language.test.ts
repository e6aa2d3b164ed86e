import { describe, expect, it } from 'vitest';
import { languageOrder, pickLabel } from './language.js';

describe('label language fallback', () => {
  it('tries the asked language, then de → fr → it → en → rm, then untagged', () => {
    expect(languageOrder('it')).toEqual(['it', 'de', 'fr', 'en', 'rm', '']);
  });

  it('treats "" and "@" as missing labels', () => {
    const labels = [
      { value: '', lang: 'fr' },
      { value: '@', lang: 'rm' },
      { value: 'Dorneck / Thierstein (SO)', lang: 'de' },
    ];
    expect(pickLabel(labels, 'fr')).toEqual({ value: 'Dorneck / Thierstein (SO)', lang: 'de' });
    expect(pickLabel([{ value: ' ', lang: 'de' }], 'de')).toBeNull();
  });

  it('accepts untagged names and regional tags', () => {
    expect(pickLabel([{ value: 'Winterthur', lang: '' }], 'fr')?.value).toBe('Winterthur');
    expect(pickLabel([{ value: 'Zürich', lang: 'de-CH' }], 'de')?.value).toBe('Zürich');
  });
});
