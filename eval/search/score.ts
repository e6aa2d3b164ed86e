import type { Question, Target } from './question-set.js';

/** One hit of search_all, as much of it as scoring and the misses list need. */
export interface Hit {
  adapter_id: string;
  kind: string;
  id: string;
  title: string | null;
}

/** A question with the hits search_all gave it, best first. */
export interface Outcome {
  question: Question;
  hits: Hit[];
}

export interface Scores {
  questions: number;
  recall_at_1: number;
  recall_at_3: number;
  /** Mean reciprocal rank of the first right hit; a question with none among the hits counts 0. */
  mrr: number;
}

const matches = (hit: Hit, target: Target) =>
  hit.adapter_id === target.adapter && hit.kind === target.kind && hit.id === target.id;

/** 1-based position of the first hit that answers the question, or null when none does. */
export function rankOf(outcome: Outcome): number | null {
  const index = outcome.hits.findIndex((hit) => outcome.question.answers.some((t) => matches(hit, t)));
  return index < 0 ? null : index + 1;
}

export function score(outcomes: readonly Outcome[]): Scores {
  const ranks = outcomes.map(rankOf);
  const n = ranks.length;
  const share = (count: number) => (n === 0 ? 0 : count / n);
  return {
    questions: n,
    recall_at_1: share(ranks.filter((r) => r !== null && r <= 1).length),
    recall_at_3: share(ranks.filter((r) => r !== null && r <= 3).length),
    mrr: share(ranks.reduce<number>((sum, r) => sum + (r === null ? 0 : 1 / r), 0)),
  };
}

/** Scores per group; a question in several groups (answers in two backends) counts in each. */
export function scoreBy(
  outcomes: readonly Outcome[],
  groupsOf: (question: Question) => readonly string[],
): Record<string, Scores> {
  const groups = new Map<string, Outcome[]>();
  for (const outcome of outcomes) {
    for (const group of new Set(groupsOf(outcome.question))) {
      groups.set(group, [...(groups.get(group) ?? []), outcome]);
    }
  }
  return Object.fromEntries(
    [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([g, o]) => [g, score(o)]),
  );
}

/** The groupings the report prints. */
export const GROUPINGS = {
  language: (q: Question) => [q.language],
  backend: (q: Question) => q.answers.map((a) => a.adapter),
  class: (q: Question) => [q.class],
} as const;
