// `pnpm eval search [--set fixtures|synthetic|all] [--json] [--out <file>] [--compare <file>]`: asks search_all every
// question of the set(s) against the offline backends and prints recall@1, recall@3 and MRR per
// language, backend and class, with the misses; --compare sets them beside an earlier --out file.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { compareReports } from './compare-reports.js';
import { evaluateSet } from './evaluate-set.js';
import { formatReport, reportOf, type SetReport } from './format-report.js';
import { loadQuestionSet, QUESTIONS_FILE, SYNTHETIC_QUESTIONS_FILE } from './question-set.js';
import { SEARCH_LIMIT } from './run-questions.js';
import { syntheticCatalogue } from './synthetic-catalogue.js';

const { values } = parseArgs({
  options: {
    set: { type: 'string', default: 'all' },
    json: { type: 'boolean', default: false },
    out: { type: 'string' },
    compare: { type: 'string' },
  },
});
if (!['fixtures', 'synthetic', 'all'].includes(values.set)) {
  console.error('--set must be fixtures, synthetic or all');
  process.exit(2);
}

const reports: SetReport[] = [];
if (values.set !== 'synthetic') {
  const run = await evaluateSet(loadQuestionSet(QUESTIONS_FILE));
  reports.push(reportOf('fixtures', run.outcomes, run.failures));
}
if (values.set !== 'fixtures') {
  const catalogue = syntheticCatalogue();
  const run = await evaluateSet(loadQuestionSet(SYNTHETIC_QUESTIONS_FILE), catalogue);
  reports.push(
    reportOf(`synthetic (${catalogue.length} generated CKAN datasets added)`, run.outcomes, run.failures),
  );
}

const json = `${JSON.stringify({ search_limit: SEARCH_LIMIT, sets: reports }, null, 2)}\n`;
if (values.out) writeFileSync(values.out, json);
process.stdout.write(values.json ? json : `${reports.map(formatReport).join('\n\n')}\n`);
if (values.compare) {
  const earlier = (JSON.parse(readFileSync(values.compare, 'utf8')) as { sets: SetReport[] }).sets;
  for (const report of reports) {
    const before = earlier.find((r) => r.name === report.name);
    // With --json, stdout holds the JSON alone.
    if (before)
      (values.json ? process.stderr : process.stdout).write(`\n${compareReports(before, report)}\n`);
  }
}
process.exit(reports.some((r) => r.failures.length > 0) ? 1 : 0);
