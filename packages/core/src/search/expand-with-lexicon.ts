import { termOf } from './analyze-word.js';
import { ANALYZED_LANGUAGES, isStopWord } from './language-analyzers.js';
import { type LexiconConcept, STATISTICAL_LEXICON } from './statistical-lexicon.js';
import { tokenizeText } from './tokenize-text.js';

interface LexiconLookup {
  /** A name's terms joined by a space → the concepts it names. */
  byName: Map<string, Set<LexiconConcept>>;
  /**
   * A concept → every name in every language, as the terms a question is expanded with: a
   * one-word name as its term, a longer one as its terms joined by a space (a phrase, matched only
   * where all its words are: "recién nacidos" must not find "nacidos vivos", live births).
   */
  termsOf: Map<LexiconConcept, Set<string>>;
  /** Every term of every name, phrases split into their words. */
  all: Set<string>;
  /** A language and one name's single term ("de\0sterblich") → the concepts it names in that language. */
  byWordIn: Map<string, Set<LexiconConcept>>;
}

let lookup: LexiconLookup | undefined;

/** The terms of a phrase in its language, stop words left out. */
export function phraseTerms(phrase: string, lang: string): string[] {
  return tokenizeText(phrase)
    .filter((t) => !isStopWord(t.word, lang))
    .map((t) => termOf(t.word, lang));
}

function lexiconLookup(): LexiconLookup {
  if (lookup) return lookup;
  const byName = new Map<string, Set<LexiconConcept>>();
  const termsOf = new Map<LexiconConcept, Set<string>>();
  const every = new Set<string>();
  const byWordIn = new Map<string, Set<LexiconConcept>>();
  for (const concept of STATISTICAL_LEXICON) {
    const all = new Set<string>();
    for (const lang of ANALYZED_LANGUAGES) {
      for (const name of concept[lang]) {
        const terms = phraseTerms(name, lang);
        for (const term of terms) every.add(term);
        const key = terms.join(' ');
        if (key !== '') all.add(key);
        const concepts = byName.get(key) ?? new Set();
        concepts.add(concept);
        byName.set(key, concepts);
        if (terms.length === 1) {
          const inLanguage = byWordIn.get(`${lang}\u0000${key}`) ?? new Set();
          inLanguage.add(concept);
          byWordIn.set(`${lang}\u0000${key}`, inLanguage);
        }
      }
    }
    termsOf.set(concept, all);
  }
  lookup = { byName, termsOf, all: every, byWordIn };
  return lookup;
}

/**
 * The terms of every language's names for the concepts a phrase names, given the phrase's terms
 * as candidate readings (one set per word): "births" → geburt, naissanc, nascit, народжуван … A
 * name of several words comes as one phrase, its terms joined by a space ("esper vie"). Empty
 * when the lexicon does not know the phrase.
 */
export function expandWithLexicon(readings: ReadonlyArray<ReadonlySet<string>>): Set<string> {
  const { byName, termsOf } = lexiconLookup();
  const expanded = new Set<string>();
  for (const key of joinReadings(readings)) {
    for (const concept of byName.get(key) ?? [])
      for (const term of termsOf.get(concept) ?? []) expanded.add(term);
  }
  return expanded;
}

/** Every way of reading a phrase: one term per word, joined by a space (a handful at most). */
function joinReadings(readings: ReadonlyArray<ReadonlySet<string>>): string[] {
  let keys = [''];
  for (const reading of readings)
    keys = keys.flatMap((key) => [...reading].map((term) => (key ? `${key} ${term}` : term)));
  return keys;
}

/** Every term the lexicon holds, for splitting compounds into words the lexicon knows. */
export function lexiconTerms(): Iterable<string> {
  return lexiconLookup().all;
}

/**
 * The terms of every language's names for the concepts one word of `lang` names on its own
 * ("sterblich" in German → death, mortal, décès …), phrases as in `expandWithLexicon`; empty when that language's names hold no
 * such word. Kept to one language so that a German part is not read as a Dutch word
 * ("belastung" is a burden, "belastingen" are taxes).
 */
export function lexiconWordIn(term: string, lang: string): Set<string> {
  const { byWordIn, termsOf } = lexiconLookup();
  const expanded = new Set<string>();
  for (const concept of byWordIn.get(`${lang}\u0000${term}`) ?? [])
    for (const t of termsOf.get(concept) ?? []) expanded.add(t);
  return expanded;
}
