import type MiniSearch from 'minisearch';
import type { Query } from 'minisearch';
import { phraseWords, type QueryWord } from './analyze-query.js';
import { fieldKey } from './field-key.js';
import type { TextField } from './text-index.js';
import { tokenizeText } from './tokenize-text.js';

/** How to search a text index. */
export interface TextSearchOptions {
  /** Languages the question may be in (default: every language with a stemmer here). */
  languages?: readonly string[];
  /** Hits wanted, best first (default 20). */
  limit?: number;
  /** Only hits covering more of the question than this fraction of the best hit's coverage are kept (default 0.5). */
  relativeCoverage?: number;
  /**
   * Names of several words in the question ("United States") whose words count only together: a
   * document that holds one of them alone ("states" in "member states") gets no credit for it.
   */
  wholeNames?: readonly string[];
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
  /** The question's words it stands for: its own, or two written apart that the index holds as one. */
  words: readonly number[];
}

/** Runs the analysed question against the index: one sub-search per word, combined by coverage. */
export function matchQuery(
  index: IndexedDocument,
  words: readonly QueryWord[],
  options: TextSearchOptions,
): TextHit[] {
  if (words.length === 0) return [];
  const boost = Object.fromEntries(index.fields.map((f) => [fieldKey(f.name), f.boost ?? 1]));
  // The field that counts most (the title): among hits covering as much of the question, those
  // whose title covers more of it come first, whatever their descriptions hold.
  const lead = fieldKey([...index.fields].sort((a, b) => (b.boost ?? 1) - (a.boost ?? 1))[0]?.name ?? '');
  // Per document and question word: its credit, its credit in the lead field, and the score it added.
  const perDoc = new Map<string, { credits: number[]; leadCredits: number[]; scores: number[] }>();
  words.forEach((word, w) => {
    for (const unit of unitsOf(word, w, index)) {
      const asked = askedTerms(unit.terms);
      const weights = termWeights(asked);
      const results = index.mini.search(queryOf(unit.terms), {
        tokenize: (text) => text.split(' '),
        processTerm: (term) => term,
        combineWith: 'OR',
        boost,
        boostTerm: (term) => weights.get(term) ?? 1,
        // Near forms only for the words as asked (the lexicon's words are matched as they stand), and
        // a typo only for a word the index does not hold as it is: the costliest lookup, rarely needed.
        prefix: (term) => term.length >= 4 && weights.get(term) === 1,
        fuzzy: (term) => (term.length >= 6 && weights.get(term) === 1 && !index.known(term) ? 1 : false),
      });
      for (const result of results) {
        const credit = creditOf(result.terms, asked, weights) * unit.share;
        const inLead = result.terms.filter((term) => result.match[term]?.includes(lead));
        const leadCredit = creditOf(inLead, asked, weights) * unit.share;
        const zeros = () => words.map(() => 0);
        const entry = perDoc.get(String(result.id)) ?? {
          credits: zeros(),
          leadCredits: zeros(),
          scores: zeros(),
        };
        // Whole units stand for the word alike, and the best counts; parts of a compound add up. A
        // unit standing for two words counts its score once, under the first.
        const add = (held: number, more: number) => (unit.share === 1 ? Math.max(held, more) : held + more);
        const first = unit.words[0] ?? w;
        entry.scores[first] = add(entry.scores[first] ?? 0, result.score * unit.share);
        for (const at of unit.words) {
          entry.credits[at] = add(entry.credits[at] ?? 0, credit);
          entry.leadCredits[at] = add(entry.leadCredits[at] ?? 0, leadCredit);
        }
        perDoc.set(String(result.id), entry);
      }
    }
  });
  const hits: Array<TextHit & { leadCoverage: number }> = [];
  const wholes = wholeNameWords(words, options.wholeNames ?? []);
  const share = (credits: number[]) => credits.reduce((a, c) => a + Math.min(c, 1), 0) / words.length;
  for (const [id, { credits, leadCredits, scores }] of perDoc) {
    for (const whole of wholes)
      if (whole.some((at) => !credits[at]))
        for (const at of whole) {
          credits[at] = 0;
          leadCredits[at] = 0;
          scores[at] = 0;
        }
    const score = scores.reduce((a, s) => a + s, 0);
    if (score === 0) continue;
    const coverage = share(credits);
    if (!credits.some((c) => c >= CREDIT_WELL) && coverage < COVERAGE_LOOSE) continue;
    const matchedWords = words.filter((_, i) => (credits[i] ?? 0) > 0).map((w) => w.word);
    const rounded = Math.round(coverage * 1000) / 1000;
    hits.push({ id, score, matchedWords, coverage: rounded, leadCoverage: share(leadCredits) });
  }
  hits.sort(
    (a, b) =>
      b.coverage - a.coverage ||
      b.leadCoverage - a.leadCoverage ||
      b.score - a.score ||
      a.id.localeCompare(b.id),
  );
  const best = hits[0]?.coverage ?? 0;
  const floor = best * (options.relativeCoverage ?? 0.5);
  return hits
    .filter((h) => h.coverage > floor)
    .slice(0, options.limit ?? 20)
    .map(({ leadCoverage: _, ...hit }) => hit);
}

/**
 * Per name of several words, the places of its words among the question's (the stop words a name
 * holds, "and" in "Bosnia and Herzegovina", are not among them). A name is written in the question
 * itself, so its other words are there; a name of one word counts like any other word.
 */
function wholeNameWords(words: readonly QueryWord[], names: readonly string[]): number[][] {
  const wholes: number[][] = [];
  for (const name of names) {
    const parts = new Set(tokenizeText(name).map((t) => t.word));
    const places = words.flatMap((w, at) => (parts.has(w.word) ? [at] : []));
    if (places.length >= 2) wholes.push(places);
  }
  return wholes;
}

/**
 * The word (the `w`th of the question) itself, and each other way of writing it; with the next word, when the index holds the two
 * written as one ("still birth" for stillbirth); and, when none of its forms is an indexed word,
 * its compound parts: the lexicon's when it names a part (they carry their translations), else
 * split against the index's words.
 */
function unitsOf(word: QueryWord, w: number, index: IndexedDocument): Unit[] {
  const units: Unit[] = [{ terms: word.terms, share: 1, words: [w] }];
  for (const terms of word.variants) units.push({ terms, share: 1, words: [w] });
  const joined = [...word.joinedWithNext].filter(index.known);
  if (joined.length > 0)
    units.push({ terms: new Map(joined.map((t) => [t, 1])), share: 1, words: [w, w + 1] });
  const asked = [...word.terms].filter(([, weight]) => weight === 1).map(([term]) => term);
  if (asked.some(index.known)) return units;
  const parts =
    word.parts.length > 0 ? word.parts : index.splitWord(word.word).map((part) => new Map([[part, 1]]));
  for (const terms of parts) units.push({ terms, share: 1 / parts.length, words: [w] });
  return units;
}

/**
 * The index query of a unit's terms: any single term, or all the words of a phrase (a lexicon name
 * of several words, its terms joined by a space), so that one word of a phrase finds nothing alone.
 */
function queryOf(terms: ReadonlyMap<string, number>): Query {
  const singles = [...terms.keys()].filter((term) => !term.includes(' '));
  const phrases = [...terms.keys()].filter((term) => term.includes(' '));
  const queries: Query[] = phrases.map((phrase) => ({ combineWith: 'AND', queries: [phrase] }));
  if (singles.length > 0) queries.unshift(singles.join(' '));
  return { combineWith: 'OR', queries };
}

/** The weight of each index term a unit searches for: a phrase's words take the phrase's. */
function termWeights(asked: ReadonlyArray<{ words: string[]; weight: number }>): Map<string, number> {
  const weights = new Map<string, number>();
  for (const { words, weight } of asked)
    for (const word of words) weights.set(word, Math.max(weights.get(word) ?? 0, weight));
  return weights;
}

/** A unit's terms as their words and weights, split once rather than for every document found. */
function askedTerms(terms: ReadonlyMap<string, number>): Array<{ words: string[]; weight: number }> {
  return [...terms].map(([term, weight]) => ({ words: phraseWords(term), weight }));
}

/** What the matched terms earn: the best of the asked terms and phrases they hold, else a near form's. */
function creditOf(
  matched: readonly string[],
  asked: ReadonlyArray<{ words: string[]; weight: number }>,
  weights: ReadonlyMap<string, number>,
): number {
  let credit = matched.some((term) => !weights.has(term)) ? CREDIT_NEAR : 0;
  if (matched.length === 0) return credit;
  const held = new Set(matched);
  for (const { words, weight } of asked) {
    if (words.every((word) => held.has(word)))
      credit = Math.max(credit, weight === 1 ? CREDIT_OWN : CREDIT_EXPANSION);
  }
  return credit;
}
