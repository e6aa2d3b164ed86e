import type { CoverageQuestion } from '../contract/place-capability.js';
import { gazetteer } from '../places/gazetteer.js';
import { analyzeQuery } from '../search/analyze-query.js';
import { tokenizeText } from '../search/tokenize-text.js';

/** The place and period a search question names, as `search_all` checks its hits against them. */
export interface QuestionPlace extends CoverageQuestion {
  /** The place name as the question wrote it. */
  text: string;
}

const YEAR = /\b(1[89]\d\d|20\d\d)\b/;

/** The first place a question names (and the year it names, if any); null when it names none. */
export function questionPlace(query: string): QuestionPlace | null {
  const [first] = gazetteer().mentions(query);
  if (!first) return null;
  return { text: first.text, places: first.places, period: YEAR.exec(query)?.[1] ?? null };
}

/** The share of the question's words (as its search reads them) that name the place, 0..1. */
export function placeWordShare(query: string, place: QuestionPlace): number {
  const words = analyzeQuery(query);
  const named = new Set(tokenizeText(place.text).map((t) => t.word));
  return words.length === 0 ? 0 : words.filter((w) => named.has(w.word)).length / words.length;
}
