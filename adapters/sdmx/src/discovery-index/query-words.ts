import { baseLanguage, isStopWord } from '@opendata-mcp/core';
import { wordForms } from '../resolution/word-forms.js';

/** A word of the question as asked, with the form the index compares. */
export interface QueryWord {
  word: string;
  form: string;
}

/**
 * The meaningful words of a question, each once, with their comparable forms. Stop words of the
 * question's language are dropped ("des", "au" in French), so they never count as matched words; English
 * keeps the short list of word-forms.ts, since statistical labels mean something by "under" or "over".
 */
export function queryWords(query: string, language?: string): QueryWord[] {
  const base = language ? baseLanguage(language) : null;
  const lang = base === 'en' ? null : base;
  const out: QueryWord[] = [];
  for (const word of query.split(/[^\p{L}\p{N}]+/u)) {
    if (lang && isStopWord(word.toLowerCase(), lang)) continue;
    const form = wordForms(word)[0];
    if (form && !out.some((w) => w.form === form)) out.push({ word, form });
  }
  return out;
}

/** The words of the question whose forms are among `found`, as the question wrote them. */
export function matchedWords(words: QueryWord[], found: Iterable<string>): string[] {
  const set = found instanceof Set ? (found as Set<string>) : new Set(found);
  return words.filter((w) => set.has(w.form)).map((w) => w.word);
}
