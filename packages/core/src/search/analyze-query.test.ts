import { describe, expect, it } from 'vitest';
import { analyzeQuery, EXPANSION_WEIGHT } from './analyze-query.js';
import { termOf } from './analyze-word.js';
import { foldWord } from './fold-word.js';
import { isStopWord } from './language-analyzers.js';
import { splitCompound } from './split-compound.js';
import { tokenizeText } from './tokenize-text.js';

const asked = (query: string, languages?: string[]) =>
  analyzeQuery(query, languages).map((w) =>
    [...w.terms].filter(([, weight]) => weight === 1).map(([t]) => t),
  );

describe('word analysis', () => {
  it('gives Ukrainian case forms of a noun one term', () => {
    const forms = ['населення', 'населенню', 'населенням'].map((w) => termOf(w, 'uk'));
    expect(new Set(forms).size).toBe(1);
  });

  it('gives German singular and plural one term, umlaut or not', () => {
    expect(termOf('waldbrände', 'de')).toBe(termOf('waldbrand', 'de'));
    expect(termOf('geburten', 'de')).toBe(termOf('geburt', 'de'));
    expect(termOf('bevölkerung', 'de')).toBe(termOf('bevolkerung', 'de'));
  });

  it('folds ß to ss and drops Latin diacritics', () => {
    expect(foldWord('straße')).toBe('strasse');
    expect(foldWord('zürich')).toBe('zurich');
    expect(foldWord('église')).toBe(foldWord('eglise'));
  });

  it('writes Cyrillic in Latin letters, so the two scripts meet', () => {
    expect(foldWord('москва')).toBe('moskva');
    expect(foldWord('львів')).toBe('lviv');
    expect(foldWord('Київ')).toMatch(/^ki/);
  });

  it('splits German words on hyphens and keeps the joined form', () => {
    expect(tokenizeText('Wald-brände 2024')).toEqual([
      { word: 'wald', joined: 'waldbrände' },
      { word: 'brände', joined: 'waldbrände' },
      { word: '2024' },
    ]);
  });

  it('knows stop words per language', () => {
    expect(isStopWord('der', 'de')).toBe(true);
    expect(isStopWord('the', 'en')).toBe(true);
    expect(isStopWord('та', 'uk')).toBe(true);
    expect(isStopWord('bevölkerung', 'de')).toBe(false);
  });
});

describe('splitCompound', () => {
  const vocabulary = new Set(['geburt', 'rate', 'wald', 'brand', 'arbeit', 'markt', 'belastung']);
  const known = (piece: string) => vocabulary.has(piece);

  it('splits a compound into known words, through a linking element', () => {
    expect(splitCompound('geburtenrate', known)).toEqual(['geburt', 'rate']);
    expect(splitCompound('arbeitsmarkt', known)).toEqual(['arbeit', 'markt']);
    expect(splitCompound('waldbrand', known)).toEqual(['wald', 'brand']);
  });

  it('splits off a known head or tail from an unknown rest', () => {
    expect(splitCompound('waldgebiet', known)).toEqual(['wald', 'gebiet']);
    expect(splitCompound('lärmbelastung', known)).toEqual(['lärm', 'belastung']);
  });

  it('leaves a word of no known parts whole', () => {
    expect(splitCompound('einwohner', known)).toBeNull();
    expect(splitCompound('rate', known)).toBeNull();
  });
});

describe('analyzeQuery', () => {
  it('drops stop words and question words, unless nothing else is left', () => {
    expect(analyzeQuery('wie viele Geburten gibt es in Zürich').map((w) => w.word)).toEqual([
      'geburten',
      'zürich',
    ]);
    expect(analyzeQuery('the of').map((w) => w.word)).toEqual(['the', 'of']);
  });

  it('reads a word in every language it may be in, Cyrillic only in Cyrillic languages', () => {
    const [latin] = asked('population');
    expect(latin).toEqual(expect.arrayContaining(['population', 'popul']));
    const [cyrillic] = asked('населення');
    expect(cyrillic).toEqual(expect.arrayContaining([termOf('населення', 'uk'), termOf('населення', 'ru')]));
  });

  it("adds the lexicon's words in other languages at a lower weight", () => {
    const [births] = analyzeQuery('births');
    expect(births?.terms.get(termOf('geburten', 'de'))).toBe(EXPANSION_WEIGHT);
    expect(births?.terms.get(termOf('naissances', 'fr'))).toBe(EXPANSION_WEIGHT);
    expect(births?.terms.get(termOf('народжуваність', 'uk'))).toBe(EXPANSION_WEIGHT);
    expect(births?.terms.get(termOf('births', 'en'))).toBe(1);
  });

  it('carries number words and years across languages, as age bands are written', () => {
    const [five, years] = analyzeQuery('fünf Jahren');
    expect(five?.terms.get(termOf('five', 'en'))).toBe(EXPANSION_WEIGHT);
    expect(five?.terms.get(termOf('cinq', 'fr'))).toBe(EXPANSION_WEIGHT);
    expect(years?.terms.get(termOf('years', 'en'))).toBe(EXPANSION_WEIGHT);
  });

  it('looks two-word phrases up in the lexicon', () => {
    const words = analyzeQuery('life expectancy');
    for (const word of words) expect(word.terms.get(termOf('lebenserwartung', 'de'))).toBe(EXPANSION_WEIGHT);
    expect(analyzeQuery('life').at(0)?.terms.has(termOf('lebenserwartung', 'de'))).toBe(false);
  });

  it('gives each word its terms written together with the next word, and the last word none', () => {
    const [still, birth, rate] = analyzeQuery('still birth rate');
    expect(still?.joinedWithNext.has(termOf('stillbirth', 'en'))).toBe(true);
    expect(birth?.joinedWithNext.has(termOf('birthrate', 'en'))).toBe(true);
    expect(rate?.joinedWithNext.size).toBe(0);
    // Stop words are gone before words are joined: "rate of births" joins "rate" and "births".
    expect(analyzeQuery('rate of births').at(0)?.joinedWithNext.has(termOf('ratebirths', 'en'))).toBe(true);
  });

  it("reads a German compound of the lexicon's words part by part, each with its translations", () => {
    const [word] = analyzeQuery('Säuglingssterblichkeit');
    const [infant, deaths] = word?.parts ?? [];
    expect(word?.parts).toHaveLength(2);
    expect(infant?.get(termOf('säugling', 'de'))).toBe(1);
    expect(infant?.get(termOf('infant', 'en'))).toBe(EXPANSION_WEIGHT);
    expect(deaths?.get(termOf('sterblichkeit', 'de'))).toBe(1);
    expect(deaths?.get(termOf('mortality', 'en'))).toBe(EXPANSION_WEIGHT);
  });

  it('reads a part in its own language only, and leaves words of other languages whole', () => {
    // German "Belastung" is a burden; Dutch "belastingen" (taxes) shares its stem.
    const [noise] = analyzeQuery('Lärmbelastung');
    const parts = noise?.parts ?? [];
    expect(parts.some((part) => part.has(termOf('noise', 'en')))).toBe(true);
    expect(parts.some((part) => part.has(termOf('taxes', 'en')))).toBe(false);
    expect(analyzeQuery('mortinatalité').at(0)?.parts).toEqual([]);
    expect(analyzeQuery('population').at(0)?.parts).toEqual([]);
  });
});
