import { termOf } from './analyze-word.js';
import { foldWord, isCyrillic } from './fold-word.js';
import { baseLanguage, COMPOUNDING_LANGUAGES, CYRILLIC_LANGUAGES, isStopWord } from './language-analyzers.js';
import { splitCompound } from './split-compound.js';
import { type TextToken, tokenizeText } from './tokenize-text.js';

/** A text of a document in one language ("" or "und" when the language is not known). */
export interface LangText {
  lang: string;
  text: string;
}

// Only words this long are tried as compounds: shorter ones are rarely two words.
export const MIN_COMPOUND = 7;

// Texts are read twice when indexed (vocabulary, then terms): their words are split once.
const tokensOf = new WeakMap<LangText, TextToken[]>();

function tokens(text: LangText): TextToken[] {
  let held = tokensOf.get(text);
  if (!held) {
    held = tokenizeText(text.text);
    tokensOf.set(text, held);
  }
  return held;
}

/** The terms a set of words adds to the vocabulary compounds are split against. */
export function vocabularyOf(texts: readonly LangText[]): string[] {
  const words: string[] = [];
  for (const text of texts) {
    const base = baseLanguage(text.lang);
    for (const { word } of tokens(text)) if (!isStopWord(word, base)) words.push(termOf(word, base));
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
  for (const text of texts) {
    const base = baseLanguage(text.lang);
    const compounding = COMPOUNDING_LANGUAGES.has(base);
    for (const { word, joined } of tokens(text)) {
      if (isStopWord(word, base)) continue;
      terms.push(...wordTerms(word, base));
      if (joined) terms.push(...wordTerms(joined, base));
      if (compounding && word.length >= MIN_COMPOUND) terms.push(...compoundParts(word, base, known));
    }
  }
  return terms;
}

// A text said to be in a Latin-script language (or in none) often holds Cyrillic words: Ukrainian
// titles on a portal that declares English. Such a word is read as Ukrainian and as Russian.
function wordTerms(word: string, lang: string): string[] {
  if (!isCyrillic(word) || CYRILLIC_LANGUAGES.has(lang)) return [termOf(word, lang)];
  return [...new Set([...CYRILLIC_LANGUAGES].map((l) => termOf(word, l)))];
}

/**
 * The terms of a word's parts, when it splits into parts the vocabulary knows, and of their own
 * parts: "waldbrandgefahr" → waldbrand, gefahr, wald, brand.
 */
export function compoundParts(word: string, lang: string, known: (term: string) => boolean): string[] {
  const isKnown = (piece: string) => known(piece) || known(termOf(piece, lang));
  const parts = splitCompound(foldWord(word), isKnown) ?? [];
  const inner = parts
    .filter((part) => part.length >= MIN_COMPOUND)
    .flatMap((part) => splitCompound(part, isKnown) ?? []);
  return [...parts, ...inner].map((part) => termOf(part, lang));
}
