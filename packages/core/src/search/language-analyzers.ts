import { stemmer as dutchStemmer } from '@orama/stemmers/dutch';
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import { stemmer as italianStemmer } from '@orama/stemmers/italian';
import { stemmer as russianStemmer } from '@orama/stemmers/russian';
import { stemmer as spanishStemmer } from '@orama/stemmers/spanish';
import { stemmer as ukrainianStemmer } from '@orama/stemmers/ukrainian';
import { stopwords as dutchStops } from '@orama/stopwords/dutch';
import { stopwords as englishStops } from '@orama/stopwords/english';
import { stopwords as frenchStops } from '@orama/stopwords/french';
import { stopwords as germanStops } from '@orama/stopwords/german';
import { stopwords as italianStops } from '@orama/stopwords/italian';
import { stopwords as russianStops } from '@orama/stopwords/russian';
import { stopwords as spanishStops } from '@orama/stopwords/spanish';
import { QUESTION_WORDS, UKRAINIAN_STOP_WORDS } from './extra-stop-words.js';

/** Languages with a stemmer and stop words; text in any other language is only folded. */
export const ANALYZED_LANGUAGES = ['en', 'de', 'fr', 'it', 'nl', 'es', 'uk', 'ru'] as const;
export type AnalyzedLanguage = (typeof ANALYZED_LANGUAGES)[number];

/** Languages written in Cyrillic: a Cyrillic word is stemmed only by these, a Latin one only by the rest. */
export const CYRILLIC_LANGUAGES: ReadonlySet<string> = new Set(['uk', 'ru']);

/** Languages that write compounds as one word, whose long words are split into parts. */
export const COMPOUNDING_LANGUAGES: ReadonlySet<string> = new Set(['de', 'nl']);

const STEMMERS: Record<AnalyzedLanguage, (word: string) => string> = {
  en: englishStemmer,
  de: germanStemmer,
  fr: frenchStemmer,
  it: italianStemmer,
  nl: dutchStemmer,
  es: spanishStemmer,
  uk: ukrainianStemmer,
  ru: russianStemmer,
};

// The package's Ukrainian list is stored in a broken encoding, so the Ukrainian list is our own.
const STOP_LISTS: Record<AnalyzedLanguage, readonly string[]> = {
  en: englishStops,
  de: germanStops,
  fr: frenchStops,
  it: italianStops,
  nl: dutchStops,
  es: spanishStops,
  uk: UKRAINIAN_STOP_WORDS,
  ru: russianStops,
};

const STOP_SETS = new Map<string, ReadonlySet<string>>(
  ANALYZED_LANGUAGES.map((lang) => [lang, new Set([...STOP_LISTS[lang], ...QUESTION_WORDS[lang]])]),
);

/** True when the language has a stemmer here. */
export function isAnalyzedLanguage(lang: string): lang is AnalyzedLanguage {
  return lang in STEMMERS;
}

/** The stem of a lower-cased word in a language, or the word itself when the language has no stemmer. */
export function stemWord(word: string, lang: string): string {
  if (!isAnalyzedLanguage(lang)) return word;
  // Stemmers cut short words to nothing useful ("київ" → "ки"): a short word stays whole.
  if (word.length < 5) return word;
  return STEMMERS[lang](word) || word;
}

/** True when the lower-cased word is a stop word (or a bare question word) of the language. */
export function isStopWord(word: string, lang: string): boolean {
  return STOP_SETS.get(lang)?.has(word) ?? false;
}

/** The primary subtag of a language tag, lower-cased: "de-CH" → "de". */
export function baseLanguage(tag: string): string {
  return tag.toLowerCase().split(/[-_]/)[0] ?? '';
}
