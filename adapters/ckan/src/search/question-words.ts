import { ANALYZED_LANGUAGES, analyzeQuery, foldWord, phraseWords, stemWord } from '@opendata-mcp/core';

/**
 * The languages a question is read in: the portal's own, English (agents often ask in it), and the
 * Cyrillic-script languages when it is written in Cyrillic (portals that declare English carry such titles).
 */
export function questionLanguages(portalLanguages: readonly string[], query: string): string[] {
  const analysed: readonly string[] = ANALYZED_LANGUAGES;
  const script = CYRILLIC.test(query) ? ['uk', 'ru'] : [];
  return [...new Set([...portalLanguages, 'en', ...script])].filter((l) => analysed.includes(l));
}

/** A question read for a CKAN portal: the words worth sending, and the looser terms to fall back on. */
export interface QuestionWords {
  /** Lower-cased words without stop words or punctuation, colon-free: CKAN hands them to dismax. */
  words: string[];
  /** Terms of the looser query, any of which may match: the words, their folded forms, stem prefixes. */
  looseTerms: string[];
}

// A stem shorter than this as a prefix matches too much; other languages' words need a longer one.
const MIN_OWN_PREFIX = 4;
const MIN_OTHER_PREFIX = 5;
const MIN_WORD_PREFIX = 5;
const MAX_LOOSE_TERMS = 24;
const MAX_OTHER_PER_WORD = 8;
const CYRILLIC = /\p{Script=Cyrillic}/u;

/** Escapes what Lucene's standard parser reads as syntax in a term. */
function escapeLucene(term: string): string {
  return term.replace(/[\\+\-!():^[\]"{}~*?|&/]/g, '\\$&');
}

export function questionWords(query: string, languages: readonly string[]): QuestionWords {
  const analysed = analyzeQuery(query, languages);
  const words = analysed.map((w) => w.word);
  const loose = new Set<string>();
  for (const { word } of analysed) {
    loose.add(escapeLucene(word));
    if (!CYRILLIC.test(word)) loose.add(escapeLucene(foldWord(word)));
  }
  // A word as a prefix finds the compounds it begins (schwerpunkt → schwerpunktbezeichnung).
  for (const { word } of analysed) if (word.length >= MIN_WORD_PREFIX) loose.add(`${escapeLucene(word)}*`);
  for (const { word } of analysed)
    for (const lang of languages) {
      const stem = stemWord(word, lang);
      // Solr folds accents itself; a Cyrillic stem is sent as written, as folding transliterates it.
      const forms = CYRILLIC.test(word) ? [stem] : [stem, foldWord(stem)];
      for (const form of new Set(forms))
        if (form.length >= MIN_OWN_PREFIX && form !== word) loose.add(`${escapeLucene(form)}*`);
    }
  // Other languages' words for each word, and for each part of a compound ("steuer" + "statistik").
  for (const { terms, parts } of analysed) {
    // A lexicon name of several words ("age group") is a phrase of terms: any of its words may match here.
    const named = [terms, ...parts].flatMap((held) =>
      [...held].flatMap(([term, weight]) => phraseWords(term).map((word) => [word, weight] as const)),
    );
    const others = named.filter(([term, weight]) => weight < 1 && term.length >= MIN_OTHER_PREFIX);
    for (const [term] of others.slice(0, MAX_OTHER_PER_WORD)) loose.add(`${escapeLucene(term)}*`);
  }
  return { words, looseTerms: [...loose].slice(0, MAX_LOOSE_TERMS) };
}

/**
 * The looser query: any one term in CKAN's catch-all `text` field. It holds a colon, so CKAN leaves it
 * to Solr's standard parser, where OR makes every term optional and a trailing `*` a prefix.
 */
export function looseQuery(terms: readonly string[]): string {
  return `text:(${terms.join(' OR ')})`;
}
