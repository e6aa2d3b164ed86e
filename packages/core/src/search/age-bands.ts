import { termOf, termsOfWord } from './analyze-word.js';
import { phraseTerms } from './expand-with-lexicon.js';
import { ANALYZED_LANGUAGES, type AnalyzedLanguage, isStopWord } from './language-analyzers.js';
import { NUMBER_WORDS } from './number-words.js';
import { YEARS } from './statistical-lexicon.js';

/**
 * The words that put an age below a number, per language, and the little words that may stand
 * between them and the number ("under the age of 5", "moins de 5 ans", "sotto i 5 anni").
 */
const BELOW: Readonly<Record<AnalyzedLanguage, { words: readonly string[]; between: readonly string[] }>> = {
  en: { words: ['under', 'below'], between: ['the', 'age', 'of'] },
  de: { words: ['unter'], between: [] },
  fr: { words: ['moins'], between: ['de'] },
  it: { words: ['sotto', 'meno'], between: ['i', 'di'] },
  nl: { words: ['onder', 'jonger'], between: ['dan'] },
  es: { words: ['menores', 'menos'], between: ['de'] },
  uk: { words: ['до', 'молодше'], between: [] },
  ru: { words: ['до', 'младше'], between: [] },
};

const BELOW_WORDS = new Set(ANALYZED_LANGUAGES.flatMap((lang) => BELOW[lang].words));
const BETWEEN_WORDS = new Set(ANALYZED_LANGUAGES.flatMap((lang) => BELOW[lang].between));
const MAX_BETWEEN = 3;
const NUMBER_OF_WORD = new Map(
  NUMBER_WORDS.flatMap(({ value, names }) =>
    ANALYZED_LANGUAGES.flatMap((lang) => names[lang].map((name) => [name, value] as const)),
  ),
);
const DIGITS = /^\d{1,2}$/;

/** An age band a question names: its words (`from` up to `to`, exclusive) and the age it stays under. */
export interface AgeBand {
  from: number;
  to: number;
  under: number;
  /** Whether the question wrote the word for years after the number. */
  years: boolean;
}

/**
 * The age bands in a question's words: a word for "under", at most a few little words, a number
 * (in digits, or a word from two to ten) and, if it follows, the word for years ("unter 5 Jahren",
 * "under five", "menores de 5 años"). Stop words on their own, "under" and the number mean little
 * to a search; together they name the age group statistics publish as one ("under-five mortality").
 */
export function findAgeBands(words: readonly string[]): AgeBand[] {
  const bands: AgeBand[] = [];
  for (let from = 0; from < words.length; from++) {
    if (!BELOW_WORDS.has(words[from] as string)) continue;
    // After a number it is the end of a range ("від 5 до 14 років", from 5 to 14), not a band below.
    if (from > 0 && numberOf(words[from - 1] as string) !== undefined) continue;
    let at = from + 1;
    while (at < words.length && at - from <= MAX_BETWEEN && BETWEEN_WORDS.has(words[at] as string)) at++;
    const word = words[at];
    const under = word === undefined ? undefined : numberOf(word);
    if (under === undefined || under < 1) continue;
    const next = words[at + 1];
    const years = next !== undefined && isYearWord(next);
    const to = years ? at + 2 : at + 1;
    bands.push({ from, to, under, years });
    from = to - 1;
  }
  return bands;
}

/** The number a word writes, in digits or as a word from two to ten; undefined for any other word. */
function numberOf(word: string): number | undefined {
  return DIGITS.test(word) ? Number(word) : NUMBER_OF_WORD.get(word);
}

let yearTerms: Set<string> | undefined;

/** Whether a word is "years" in some language, in any form its stemmer reads alike ("Jahren"). */
function isYearWord(word: string): boolean {
  yearTerms ??= new Set(ANALYZED_LANGUAGES.flatMap((lang) => YEARS[lang].map((name) => termOf(name, lang))));
  return ANALYZED_LANGUAGES.some((lang) => yearTerms?.has(termOf(word, lang)));
}

/**
 * The ways an age band is written, as index terms with their weights, each way a map of its own
 * (searched apart, the best counted, so that a document naming the band in more languages does not
 * outscore one naming it once): "under" and the number written as one word ("Under-five",
 * "under-5"), the age group's own name, first; then, in languages where "under" is not a stop word
 * and so is indexed, the two apart ("moins de cinq ans"); both at full weight. Then, at
 * `phraseWeight`, since they are also how a band that starts at the age is written ("5 to 14
 * years"): when the question says years, the number followed by the word for years ("5 years",
 * "fünf Jahre"); and the number alone, in digits or words.
 */
export function ageBandTerms(band: AgeBand, phraseWeight: number): Map<string, number>[] {
  const joined = new Map<string, number>();
  const apart = new Map<string, number>();
  const withYears = new Map<string, number>();
  const alone = new Map<string, number>();
  for (const lang of ANALYZED_LANGUAGES) {
    const numbers = [
      String(band.under),
      ...(NUMBER_WORDS.find((n) => n.value === band.under)?.names[lang] ?? []),
    ];
    for (const number of numbers) {
      alone.set(termOf(number, lang), phraseWeight);
      for (const year of YEARS[lang]) {
        const phrase = phraseTerms(`${number} ${year}`, lang).join(' ');
        if (phrase.includes(' ')) withYears.set(phrase, phraseWeight);
      }
      for (const below of BELOW[lang].words) {
        for (const term of termsOfWord(`${below}${number}`, [lang])) joined.set(term, 1);
        if (!isStopWord(below, lang)) apart.set(`${termOf(below, lang)} ${termOf(number, lang)}`, 1);
      }
    }
  }
  return band.years ? [joined, apart, withYears, alone] : [joined, apart, alone];
}
