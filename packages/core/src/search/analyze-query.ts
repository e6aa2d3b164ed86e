import { isStopWordIn, termsOfWord } from './analyze-word.js';
import { expandWithLexicon } from './expand-with-lexicon.js';
import { ANALYZED_LANGUAGES } from './language-analyzers.js';
import { tokenizeText } from './tokenize-text.js';

/** The weight of a term the lexicon adds, against 1 for a term of the word as asked. */
export const EXPANSION_WEIGHT = 0.5;

/** One word of a question and the index terms that stand for it, each with its weight. */
export interface QueryWord {
  /** The word as asked, lower-cased: what `matchedWords` reports. */
  word: string;
  /** Term → weight: 1 for the word's own forms, EXPANSION_WEIGHT for other languages' words for it. */
  terms: Map<string, number>;
}

/**
 * Reads a question into its words: stop words and question words dropped (unless nothing else is
 * left), each word's forms in every language it may be in, and the lexicon's names for it in the
 * other languages. Phrases of two words ("life expectancy") are looked up in the lexicon too.
 */
export function analyzeQuery(query: string, languages: readonly string[] = ANALYZED_LANGUAGES): QueryWord[] {
  const seen = new Set<string>();
  const all = tokenizeText(query)
    .map((t) => t.word)
    .filter((w) => !seen.has(w) && seen.add(w));
  const content = all.filter((w) => !isStopWordIn(w, languages));
  const words = content.length > 0 ? content : all;
  const readings = words.map((w) => termsOfWord(w, languages));
  return words.map((word, i) => {
    const own = readings[i] ?? new Set<string>();
    const terms = new Map<string, number>();
    const phrases: ReadonlyArray<ReadonlySet<string>>[] = [[own]];
    const before = readings[i - 1];
    const after = readings[i + 1];
    if (before) phrases.push([before, own]);
    if (after) phrases.push([own, after]);
    for (const phrase of phrases)
      for (const term of expandWithLexicon(phrase)) terms.set(term, EXPANSION_WEIGHT);
    for (const term of own) terms.set(term, 1);
    return { word, terms };
  });
}
