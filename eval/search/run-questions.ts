import type { OfflineSearch } from './offline-search.js';
import type { Question } from './question-set.js';
import type { Outcome } from './score.js';

/** Hits asked of search_all per question: the page an agent reads first. */
export const SEARCH_LIMIT = 10;

export interface Run {
  outcomes: Outcome[];
  /** Questions a backend failed on: their misses say nothing about ranking. */
  failures: Array<{ question: string; adapter_id: string; code: string }>;
}

/** Asks every question in turn, one at a time so no question waits on another's load. */
export async function runQuestions(search: OfflineSearch, questions: readonly Question[]): Promise<Run> {
  const run: Run = { outcomes: [], failures: [] };
  for (const question of questions) {
    const answer = await search.search(question.query, SEARCH_LIMIT);
    run.outcomes.push({ question, hits: answer.hits });
    for (const failed of answer.failed) run.failures.push({ question: question.id, ...failed });
  }
  return run;
}
