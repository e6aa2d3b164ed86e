import type { SetReport } from './format-report.js';

const pct = (x: number | undefined) => (x === undefined ? '     -' : `${(100 * x).toFixed(1).padStart(5)}%`);

/**
 * One set measured twice (before and after a change), side by side: recall@3 of every group in
 * both runs, then each question whose rank changed.
 */
export function compareReports(before: SetReport, after: SetReport): string {
  const lines = [`== ${after.name}: before → after`, `  ${''.padEnd(24)}R@3 before   after`];
  const groupRow = (label: string, b: number | undefined, a: number | undefined) =>
    `  ${label.padEnd(24)}${pct(b)}  ${pct(a)}`;
  lines.push(groupRow('overall', before.overall.recall_at_3, after.overall.recall_at_3));
  for (const key of ['by_language', 'by_backend', 'by_class'] as const) {
    const groups = new Set([...Object.keys(before[key]), ...Object.keys(after[key])]);
    for (const group of [...groups].sort()) {
      lines.push(
        groupRow(`${key.slice(3)} ${group}`, before[key][group]?.recall_at_3, after[key][group]?.recall_at_3),
      );
    }
  }
  const rankBefore = new Map(before.questions.map((q) => [q.id, q.rank]));
  const shown = (rank: number | null | undefined) =>
    rank === null || rank === undefined ? '-' : String(rank);
  const changed = after.questions.filter((q) => rankBefore.get(q.id) !== q.rank);
  lines.push(`questions whose rank changed: ${changed.length}`);
  for (const q of changed) {
    lines.push(`  ${q.id} «${q.query}»: ${shown(rankBefore.get(q.id))} → ${shown(q.rank)}`);
  }
  return lines.join('\n');
}
