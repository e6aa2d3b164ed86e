import { describe, expect, it } from 'vitest';
import { findAgeBands } from './age-bands.js';
import { createTextIndex, type TextDocument } from './text-index.js';
import { tokenizeText } from './tokenize-text.js';

const bandsOf = (question: string) => findAgeBands(tokenizeText(question).map((t) => t.word));

describe('findAgeBands', () => {
  it('reads "under" and a number, in digits or words, with the word for years if it follows', () => {
    expect(bandsOf('Kindersterblichkeit unter 5 Jahren')).toEqual([
      { from: 1, to: 4, under: 5, years: true },
    ]);
    expect(bandsOf('under-five mortality')).toEqual([{ from: 0, to: 2, under: 5, years: false }]);
    expect(bandsOf('mortalité des moins de cinq ans')).toEqual([{ from: 2, to: 6, under: 5, years: true }]);
    expect(bandsOf('population under the age of 18')).toEqual([{ from: 1, to: 6, under: 18, years: false }]);
    expect(bandsOf('menores de 15 años y mayores')).toEqual([{ from: 0, to: 4, under: 15, years: true }]);
  });

  it('finds no band where "under" names no age', () => {
    expect(bandsOf('Gemeinden unter Kanton Zürich')).toEqual([]);
    expect(bandsOf('children aged 5 to 14 years')).toEqual([]);
    expect(bandsOf('under 0 degrees')).toEqual([]);
    expect(bandsOf('under the bridge')).toEqual([]);
    expect(bandsOf('Sterblichkeit unter')).toEqual([]);
    // The end of a range, not an age band below: "from 5 to 14 years".
    expect(bandsOf('смертність дітей від 5 до 14 років')).toEqual([]);
    expect(bandsOf('смертність дітей до 5 років')).toEqual([{ from: 2, to: 5, under: 5, years: true }]);
  });
});

const FIELDS = [{ name: 'name', boost: 3 }];
const code = (id: string, names: Array<[string, string]>): TextDocument => ({
  id,
  fields: { name: names.map(([lang, text]) => ({ lang, text })) },
});

describe('a question naming an age band', () => {
  // Code names as UNICEF's recorded indicator list gives them, in English and French.
  const index = createTextIndex({ fields: FIELDS });
  for (const doc of [
    code('CME_MRY0T4', [
      ['en', 'Under-five mortality rate'],
      ['fr', 'Taux de mortalité des moins de cinq ans'],
    ]),
    code('CME_MRY5T14', [
      ['en', 'Mortality rate (children aged 5 to 14 years)'],
      ['fr', 'Taux de mortalité (enfants de 5 à 14 ans)'],
    ]),
    code('CME_MRY1T4', [
      ['en', 'Child mortality rate (aged 1-4 years)'],
      ['fr', 'Taux de mortalité infantile (âgés de 1 à 4 ans)'],
    ]),
    code('DM_POP_TOT', [['en', 'Total population']]),
  ])
    index.add(doc);
  const first = (question: string) => index.search(question)[0]?.id;

  it('finds the group under that age before groups that start at it, in any language', () => {
    expect(first('Kindersterblichkeit unter 5 Jahren')).toBe('CME_MRY0T4');
    expect(first('mortalité des moins de 5 ans')).toBe('CME_MRY0T4');
    expect(first('under 5 mortality')).toBe('CME_MRY0T4');
    expect(first('mortalidad de menores de cinco años')).toBe('CME_MRY0T4');
  });

  it('reads child mortality as the under-five rate, not as the mortality of any children', () => {
    expect(first('Kindersterblichkeit')).toBe('CME_MRY0T4');
    expect(first('kindersterfte')).toBe('CME_MRY0T4');
  });

  it('still finds a group that starts at the age when the question asks for that one', () => {
    expect(first('mortality of children aged 5 to 14 years')).toBe('CME_MRY5T14');
  });

  it('counts the band as one word of the question, matched only as a whole', () => {
    const [hit] = index.search('Kindersterblichkeit unter 5 Jahren');
    expect(hit?.matchedWords).toEqual(['kindersterblichkeit', 'unter 5 jahren']);
    // "5" and "years" alone are not the band: the 5-to-14 group covers it in part only.
    const other = index.search('Kindersterblichkeit unter 5 Jahren').find((h) => h.id === 'CME_MRY5T14');
    expect(other?.coverage ?? 0).toBeLessThan(hit?.coverage ?? 0);
  });
});
