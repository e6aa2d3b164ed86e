import { termOf } from './analyze-word.js';
import { foldWord } from './fold-word.js';
import { baseLanguage, COMPOUNDING_LANGUAGES, isStopWord } from './language-analyzers.js';
import { splitCompound } from './split-compound.js';
import { tokenizeText } from './tokenize-text.js';

/** A text of a document in one language ("" or "und" when the language is not known). */
export interface LangText {
  lang: string;
  text: string;
}

// Only words this long are tried as compounds: shorter ones are rarely two words.
const MIN_COMPOUND = 7;

/** The terms a set of words adds to the vocabulary compounds are split against. */
export function vocabularyOf(texts: readonly LangText[]): string[] {
  const words: string[] = [];
  for (const { lang, text } of texts) {
    const base = baseLanguage(lang);
    for (const { word } of tokenizeText(text)) if (!isStopWord(word, base)) words.push(termOf(word, base));
  }
  return words;
}

/**
 * The index terms of texts: each word stemmed in its text's language and folded, stop words left
 * out; in German and Dutch, a long word also gives the parts it is made of, when the vocabulary
 * knows them ("waldbrände" → waldbrand, wald, brand), and a hyphenated word its joined form.
 */
export function documentTerms(texts: readonly LangText[], known: (term: string) => boolean): string[] {
  const terms: string[] = [];
  for (const { lang, text } of texts) {
    const base = baseLanguage(lang);
    const compounding = COMPOUNDING_LANGUAGES.has(base);
    for (const { word, joined } of tokenizeText(text)) {
      if (isStopWord(word, base)) continue;
      terms.push(termOf(word, base));
      if (joined) terms.push(termOf(joined, base));
      if (compounding && word.length >= MIN_COMPOUND) terms.push(...compoundParts(word, base, known));
    }
  }
  return terms;
}

/** The terms of a word's parts, when it splits into parts the vocabulary knows. */
export function compoundParts(word: string, lang: string, known: (term: string) => boolean): string[] {
  const isKnown = (piece: string) => known(piece) || known(termOf(piece, lang));
  return (splitCompound(foldWord(word), isKnown) ?? []).map((part) => termOf(part, lang));
}
