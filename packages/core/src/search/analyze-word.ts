import { foldWord, isCyrillic } from './fold-word.js';
import { CYRILLIC_LANGUAGES, isStopWord, stemWord } from './language-analyzers.js';

// Words repeat across documents and questions: their terms are remembered, up to a bound.
const MAX_REMEMBERED = 200_000;
const remembered = new Map<string, string>();

/** The index term of one lower-cased word written in a known language: its stem, folded. */
export function termOf(word: string, lang: string): string {
  const key = `${lang}\u0000${word}`;
  let term = remembered.get(key);
  if (term === undefined) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    term = foldWord(stemWord(word, lang));
    remembered.set(key, term);
  }
  return term;
}

/**
 * The languages a word may be in, of those asked: a Cyrillic word is not stemmed as French, nor a
 * Latin one as Russian. Words in neither script keep every language asked.
 */
export function languagesFor(word: string, languages: readonly string[]): string[] {
  const cyrillic = isCyrillic(word);
  const latin = /\p{Script=Latin}/u.test(word);
  if (!cyrillic && !latin) return [...languages];
  return languages.filter((lang) => CYRILLIC_LANGUAGES.has(lang) === cyrillic);
}

/** Every term a word written in one of `languages` may stand for in the index: folded, and stemmed per language. */
export function termsOfWord(word: string, languages: readonly string[]): Set<string> {
  const terms = new Set([foldWord(word)]);
  for (const lang of languagesFor(word, languages)) terms.add(termOf(word, lang));
  return terms;
}

/** True when the word is a stop word in any of the languages it may be in. */
export function isStopWordIn(word: string, languages: readonly string[]): boolean {
  return word.length < 2 || languagesFor(word, languages).some((lang) => isStopWord(word, lang));
}
