import { ageBandTerms, findAgeBands } from './age-bands.js';
import { isStopWordIn, languagesFor, termOf, termsOfWord } from './analyze-word.js';
import { MIN_COMPOUND } from './document-terms.js';
import { expandWithLexicon, lexiconWordIn } from './expand-with-lexicon.js';
import { foldWord } from './fold-word.js';
import { ANALYZED_LANGUAGES, COMPOUNDING_LANGUAGES } from './language-analyzers.js';
import { splitCompound } from './split-compound.js';
import { tokenizeText } from './tokenize-text.js';

/** The weight of a term the lexicon adds, against 1 for a term of the word as asked. */
export const EXPANSION_WEIGHT = 0.5;

/** One word of a question and the index terms that stand for it, each with its weight. */
export interface QueryWord {
  /** The word as asked, lower-cased: what `matchedWords` reports. */
  word: string;
  /**
   * Term → weight: 1 for the word's own forms, EXPANSION_WEIGHT for other languages' words for it.
   * A lexicon name of several words is one key, its terms joined by a space: a phrase.
   */
  terms: Map<string, number>;
  /**
   * A German or Dutch compound of words the lexicon knows, part by part: each part's own term (1)
   * and its names in the other languages (EXPANSION_WEIGHT). Empty for any other word.
   */
  parts: Map<string, number>[];
  /**
   * The terms of this word written together with the next one ("still birth" → stillbirth), for an
   * index that holds the two as one word; empty for the last word.
   */
  joinedWithNext: Set<string>;
  /**
   * Other ways of writing the word, each searched on its own and the best counted: the forms of
   * an age band ("under-five", "moins de cinq ans", "5 years"). Empty for any other word.
   */
  variants: Map<string, number>[];
}

/** The index terms of a term of `QueryWord.terms`: its words when it is a phrase, else itself. */
export function phraseWords(term: string): string[] {
  return term.split(' ');
}

/**
 * Reads a question into its words: stop words and question words dropped (unless nothing else is
 * left), each word's forms in every language it may be in, and the lexicon's names for it in the
 * other languages. Phrases of two words ("life expectancy") are looked up in the lexicon too. An
 * age band ("unter 5 Jahren", see age-bands.ts) is one word, whose words count only together.
 */
export function analyzeQuery(query: string, languages: readonly string[] = ANALYZED_LANGUAGES): QueryWord[] {
  const tokens = tokenizeText(query).map((t) => t.word);
  const bands = findAgeBands(tokens);
  if (bands.length === 0) return analyzeWords(tokens, languages);
  // An age band is one word of the question, after the others ("Kindersterblichkeit unter 5 Jahren").
  const outside = tokens.filter((_, at) => !bands.some((band) => at >= band.from && at < band.to));
  return [
    ...analyzeWords(outside, languages),
    ...bands.map((band): QueryWord => {
      const [terms = new Map(), ...variants] = ageBandTerms(band, EXPANSION_WEIGHT);
      return {
        word: tokens.slice(band.from, band.to).join(' '),
        terms,
        parts: [],
        joinedWithNext: new Set<string>(),
        variants,
      };
    }),
  ];
}

/** The question's words other than its age bands, as `analyzeQuery` describes them. */
function analyzeWords(tokens: readonly string[], languages: readonly string[]): QueryWord[] {
  const seen = new Set<string>();
  const all = tokens.filter((w) => !seen.has(w) && seen.add(w));
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
    const next = words[i + 1];
    const joinedWithNext = next === undefined ? new Set<string>() : termsOfWord(word + next, languages);
    return { word, terms, parts: lexiconParts(word, languages), joinedWithNext, variants: [] };
  });
}

/**
 * A long German or Dutch word made of words that language's lexicon names hold on their own, read
 * part by part as those words' names in every language: "säuglingssterblichkeit" → [säugling,
 * infant, nourrisson …], [sterblich, mortal, décès …], so a compound asked of an index in another
 * language still finds what holds both parts, before what holds one.
 */
function lexiconParts(word: string, languages: readonly string[]): Map<string, number>[] {
  if (word.length < MIN_COMPOUND) return [];
  for (const lang of languagesFor(word, languages)) {
    if (!COMPOUNDING_LANGUAGES.has(lang)) continue;
    const named = (term: string) => lexiconWordIn(term, lang).size > 0;
    const asTerm = (piece: string) => (named(piece) ? piece : termOf(piece, lang));
    const parts = splitCompound(foldWord(word), (piece) => named(asTerm(piece)))?.map(asTerm);
    // A part the lexicon does not name ("statistik" of "steuerstatistik") stands for itself.
    if (!parts || parts.length < 2 || !parts.some(named)) continue;
    return parts.map((part) => {
      const terms = new Map<string, number>();
      for (const term of lexiconWordIn(part, lang)) terms.set(term, EXPANSION_WEIGHT);
      terms.set(part, 1);
      return terms;
    });
  }
  return [];
}
