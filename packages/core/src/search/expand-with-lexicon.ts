import { termOf } from './analyze-word.js';
import { ANALYZED_LANGUAGES, isStopWord } from './language-analyzers.js';
import { type LexiconConcept, STATISTICAL_LEXICON } from './statistical-lexicon.js';
import { tokenizeText } from './tokenize-text.js';

interface LexiconLookup {
  /** A name's terms joined by a space → the concepts it names. */
  byName: Map<string, Set<LexiconConcept>>;
  /** A concept → every term of every name in every language. */
  termsOf: Map<LexiconConcept, Set<string>>;
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
  for (const concept of STATISTICAL_LEXICON) {
    const all = new Set<string>();
    for (const lang of ANALYZED_LANGUAGES) {
      for (const name of concept[lang]) {
        const terms = phraseTerms(name, lang);
        for (const term of terms) all.add(term);
        const key = terms.join(' ');
        const concepts = byName.get(key) ?? new Set();
        concepts.add(concept);
        byName.set(key, concepts);
      }
    }
    termsOf.set(concept, all);
  }
  lookup = { byName, termsOf };
  return lookup;
}

/**
 * The terms of every language's names for the concepts a phrase names, given the phrase's terms
 * as candidate readings (one set per word): "births" → geburt, naissanc, nascit, народжуван … Empty
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
  const { termsOf } = lexiconLookup();
  return [...termsOf.values()].flatMap((terms) => [...terms]);
}
