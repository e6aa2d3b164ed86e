import { GROUPINGS, type Outcome, rankOf, type Scores, score, scoreBy } from './score.js';

export interface SetReport {
  name: string;
  overall: Scores;
  by_language: Record<string, Scores>;
  by_backend: Record<string, Scores>;
  by_class: Record<string, Scores>;
  questions: Array<{
    id: string;
    query: string;
    language: string;
    class: string;
    rank: number | null;
    first: { adapter_id: string; kind: string; id: string; title: string | null } | null;
  }>;
  failures: Array<{ question: string; adapter_id: string; code: string }>;
}

export function reportOf(
  name: string,
  outcomes: readonly Outcome[],
  failures: SetReport['failures'] = [],
): SetReport {
  return {
    name,
    overall: score(outcomes),
    by_language: scoreBy(outcomes, GROUPINGS.language),
    by_backend: scoreBy(outcomes, GROUPINGS.backend),
    by_class: scoreBy(outcomes, GROUPINGS.class),
    questions: outcomes.map((o) => ({
      id: o.question.id,
      query: o.question.query,
      language: o.question.language,
      class: o.question.class,
      rank: rankOf(o),
      first: o.hits[0] ?? null,
    })),
    failures,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1).padStart(5)}%`;
const row = (label: string, s: Scores) =>
  `  ${label.padEnd(16)} ${String(s.questions).padStart(4)}  ${pct(s.recall_at_1)}  ${pct(s.recall_at_3)}  ${s.mrr.toFixed(3)}`;

/** The scores as a table per grouping, then every question whose answer did not come first. */
export function formatReport(report: SetReport): string {
  const lines = [
    `== ${report.name}`,
    `  ${''.padEnd(16)}    n    R@1     R@3    MRR`,
    row('overall', report.overall),
  ];
  for (const [title, groups] of [
    ['language', report.by_language],
    ['backend', report.by_backend],
    ['class', report.by_class],
  ] as const) {
    lines.push(`by ${title}`);
    for (const [group, scores] of Object.entries(groups)) lines.push(row(group, scores));
  }
  const misses = report.questions.filter((q) => q.rank !== 1);
  lines.push(`misses (answer not first): ${misses.length}`);
  for (const q of misses) {
    const first = q.first
      ? `${q.first.adapter_id}/${q.first.kind}/${q.first.id} «${q.first.title ?? ''}»`
      : 'no hits';
    const rank = q.rank === null ? 'not in top 10' : `rank ${q.rank}`;
    lines.push(`  ${q.id} [${q.language} ${q.class}] «${q.query}» → ${rank}; first: ${first}`);
  }
  for (const f of report.failures)
    lines.push(`  FAILED BACKEND ${f.adapter_id} (${f.code}) on ${f.question}`);
  return lines.join('\n');
}
