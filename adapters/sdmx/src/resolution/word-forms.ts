import { NUMBER_WORDS } from '@opendata-mcp/core';
import { stemmer } from 'stemmer';

// Words that carry no meaning in a label search ("rate of the ...", "show me ...").
const STOPWORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'into',
  'of',
  'on',
  'or',
  'per',
  'the',
  'to',
  'with',
  'without',
  'me',
  'show',
  'give',
  'what',
  'which',
  'is',
  'are',
  'was',
  'latest',
  'value',
  'data',
]);

// British spellings folded onto American ones before stemming, so "immunisation" and
// "immunization", "behaviour" and "behavior", "centre" and "center" meet.
const SPELLINGS: Array<[RegExp, string]> = [
  [/isation/g, 'ization'],
  [/ise(s|d)?$/, 'ize$1'],
  [/ising$/, 'izing'],
  [/our(s)?$/, 'or$1'],
  [/tre(s)?$/, 'ter$1'],
  [/ae/g, 'e'],
  [/oe(?=[a-z])/g, 'e'],
];

/** Diacritics off and lower case, as `wordForms` reads a text before splitting it. */
const plain = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Small numbers written as words, in each language of registries' labels, read as their digits:
 * "moins de cinq ans" and "moins de 5 ans", "under-five" and "under 5" agree. Left out are the
 * number words that are everyday words too: "due" (due to), "tres" (très), "neuf" (new), "dos"
 * (of the, in Portuguese), "sept" (September), "сім" (in сім'я, family).
 */
const EVERYDAY_WORDS = new Set(['due', 'tres', 'neuf', 'dos', 'sept', 'сім']);
const NUMBER_OF_WORD = new Map(
  NUMBER_WORDS.flatMap(({ value, names }) =>
    Object.values(names)
      .flat()
      .map((name) => [plain(name), String(value)] as const)
      .filter(([name]) => !EVERYDAY_WORDS.has(name)),
  ),
);

// The same few thousand words (country, indicator and unit names) come back on every call, and
// stemming is regular-expression work: each word is reduced once. Bounded by starting over.
const MAX_REMEMBERED = 50_000;
const forms = new Map<string, string>();

/** One written word in its comparable form: lower case, American spelling, Porter stem. */
export function wordForm(word: string): string {
  let form = forms.get(word);
  if (form === undefined) {
    const lower = word.toLowerCase();
    form = NUMBER_OF_WORD.get(lower);
    if (form === undefined) {
      let w = lower;
      for (const [from, to] of SPELLINGS) w = w.replace(from, to);
      form = stemmer(w);
    }
    if (forms.size >= MAX_REMEMBERED) forms.clear();
    forms.set(word, form);
  }
  return form;
}

/**
 * The comparable words of a text: split on anything that is not a letter or digit (so "under-five",
 * "under five" and "under_five" agree), stop words dropped, each word reduced to its form.
 * Diacritics are removed so "Côte" matches "Cote".
 */
export function wordForms(text: string): string[] {
  return plain(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '' && !STOPWORDS.has(w))
    .map(wordForm);
}
