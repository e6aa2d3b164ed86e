import { transliterate } from 'transliteration';

const CYRILLIC = /[\u0400-\u04ff]/;
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * The language-neutral form of one lower-cased word (or stem): Latin diacritics dropped, ß as ss,
 * Cyrillic spelt in Latin letters. Every index term and every query term passes through it, so
 * "Straße" meets "Strasse", "Zürich" meets "Zurich" and a Ukrainian stem meets the same stem typed
 * in Latin letters. Stemming comes first: stemmers rely on the accents and the script.
 */
export function foldWord(word: string): string {
  const latin = CYRILLIC.test(word) ? transliterate(word) : word;
  return latin.normalize('NFD').replace(COMBINING_MARKS, '').replace(/ß/g, 'ss').toLowerCase();
}

/** True for a word written in Cyrillic letters. */
export function isCyrillic(word: string): boolean {
  return CYRILLIC.test(word);
}
