import type MiniSearch from 'minisearch';
import type { QueryWord } from './analyze-query.js';
import { fieldKey } from './field-key.js';
import type { TextField } from './text-index.js';

/** How to search a text index. */
export interface TextSearchOptions {
  /** Languages the question may be in (default: every language with a stemmer here). */
  languages?: readonly string[];
  /** Hits wanted, best first (default 20). */
  limit?: number;
  /** Only hits covering more of the question than this fraction of the best hit's coverage are kept (default 0.5). */
  relativeCoverage?: number;
}

/** One document found. */
export interface TextHit {
  id: string;
  /** Relevance among this search's hits (BM25+ over the matched words, title counting more). */
  score: number;
  /** The question's words this document matched, as asked (lower-cased). */
  matchedWords: string[];
  /** Share of the question's words matched, 0..1; a near match (prefix, one typo) counts part. */
  coverage: number;
}

export interface IndexedDocument {
  mini: MiniSearch<Record<string, string>>;
  fields: readonly TextField[];
  known: (term: string) => boolean;
  /** The part terms of a compound word, or [] when it does not split. */
  splitWord: (word: string) => string[];
}

// What a word earns: its own form matched, another language's word for it, or only a near form.
const CREDIT_OWN = 1;
const CREDIT_EXPANSION = 0.8;
const CREDIT_NEAR = 0.5;
// A hit must match one word well, or most of the question loosely, to be a hit at all.
const CREDIT_WELL = 0.8;
const COVERAGE_LOOSE = 0.5;

interface Unit {
  terms: Map<string, number>;
  /** Share of its word this unit stands for: 1, or 1/n for one of n compound parts. */
  share: number;
}

/** Runs the analysed question against the index: one sub-search per word, combined by coverage. */
export function matchQuery(
  index: IndexedDocument,
  words: readonly QueryWord[],
  options: TextSearchOptions,
): TextHit[] {
  if (words.length === 0) return [];
  const boost = Object.fromEntries(index.fields.map((f) => [fieldKey(f.name), f.boost ?? 1]));
  const perDoc = new Map<string, { score: number; credits: number[] }>();
  words.forEach((word, w) => {
    for (const unit of unitsOf(word, index)) {
      const terms = [...unit.terms.keys()];
      const results = index.mini.search(terms.join(' '), {
        tokenize: (text) => text.split(' '),
        processTerm: (term) => term,
        combineWith: 'OR',
        boost,
        boostTerm: (term) => unit.terms.get(term) ?? 1,
        // Near forms only for the words as asked: the lexicon's words are matched as they stand.
        prefix: (term) => term.length >= 4 && unit.terms.get(term) === 1,
        fuzzy: (term) => (term.length >= 6 && unit.terms.get(term) === 1 ? 1 : false),
      });
      for (const result of results) {
        const credit = creditOf(result.terms, unit.terms) * unit.share;
        const entry = perDoc.get(String(result.id)) ?? { score: 0, credits: words.map(() => 0) };
        entry.score += result.score * unit.share;
        entry.credits[w] =
          unit.share === 1 ? Math.max(entry.credits[w] ?? 0, credit) : (entry.credits[w] ?? 0) + credit;
        perDoc.set(String(result.id), entry);
      }
    }
  });
  const hits: TextHit[] = [];
  for (const [id, { score, credits }] of perDoc) {
    const capped = credits.map((c) => Math.min(c, 1));
    const coverage = capped.reduce((a, b) => a + b, 0) / words.length;
    if (!capped.some((c) => c >= CREDIT_WELL) && coverage < COVERAGE_LOOSE) continue;
    const matchedWords = words.filter((_, i) => (capped[i] ?? 0) > 0).map((w) => w.word);
    hits.push({ id, score, matchedWords, coverage: Math.round(coverage * 1000) / 1000 });
  }
  hits.sort((a, b) => b.coverage - a.coverage || b.score - a.score || a.id.localeCompare(b.id));
  const best = hits[0]?.coverage ?? 0;
  const floor = best * (options.relativeCoverage ?? 0.5);
  return hits.filter((h) => h.coverage > floor).slice(0, options.limit ?? 20);
}

/** The word itself, and, when none of its forms is an indexed word, its compound parts. */
function unitsOf(word: QueryWord, index: IndexedDocument): Unit[] {
  const units: Unit[] = [{ terms: word.terms, share: 1 }];
  const asked = [...word.terms].filter(([, weight]) => weight === 1).map(([term]) => term);
  if (asked.some(index.known)) return units;
  const parts = index.splitWord(word.word);
  for (const part of parts) units.push({ terms: new Map([[part, 1]]), share: 1 / parts.length });
  return units;
}

function creditOf(matched: readonly string[], asked: ReadonlyMap<string, number>): number {
  let credit = 0;
  for (const term of matched) {
    const weight = asked.get(term);
    if (weight === undefined) credit = Math.max(credit, CREDIT_NEAR);
    else credit = Math.max(credit, weight === 1 ? CREDIT_OWN : CREDIT_EXPANSION);
  }
  return credit;
}
