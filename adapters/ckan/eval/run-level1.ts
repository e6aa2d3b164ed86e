import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Envelope, Limits } from '@opendata-mcp/core';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { startCkanFixture } from '@opendata-mcp/fixtures';
import { createCkanAdapter } from '../src/index.js';
import { QUESTIONS, REFUSALS } from './level1-cases.js';

export interface Level1Result {
  kind: 'question' | 'refusal';
  id: string;
  question: string;
  expected: string;
  actual: string;
  pass: boolean;
  detail: string;
}

type Cell = string | number | null;

// Quotes and guillemets differ between the portal file and the tidied oracle; the name is the same.
const normalize = (value: unknown): Cell =>
  typeof value === 'string'
    ? value
        .replace(/[«»“”"]/g, '')
        .replace(/\s+/g, ' ')
        .trim()
    : (value as Cell);

function shape(rows: unknown[][]): Cell | Cell[][] {
  const table = rows.map((row) => row.map(normalize));
  return table.length === 1 && table[0]?.length === 1 ? (table[0][0] ?? null) : table;
}

function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  return normalize(a) === normalize(b);
}

/** Runs every level-1 case against a fresh fixture portal, in process, through the tools' envelopes. */
export async function runLevel1(): Promise<Level1Result[]> {
  const fixture = await startCkanFixture();
  // The servers' cache folders, removed when the run ends.
  const cacheDirs: string[] = [];
  const serverWith = (limits: Partial<Limits> = {}) => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'ckan-eval-'));
    cacheDirs.push(cacheDir);
    return createOpenDataServer({
      adapters: [createCkanAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
      logger: silentLogger,
      limits,
      http: { cacheDir },
    });
  };
  const server = serverWith();
  const results: Level1Result[] = [];
  try {
    for (const c of QUESTIONS) {
      const expected = c.expected();
      const envelope = await server.callTool('query_resource', {
        dataset_id: c.dataset_id,
        resource_id: c.resource_id,
        sql: c.sql,
        limit: 100,
      });
      const actual = envelope.ok ? shape(envelope.rows as unknown[][]) : `error ${envelope.error.code}`;
      results.push({
        kind: 'question',
        id: c.id,
        question: c.question,
        expected: JSON.stringify(expected),
        actual: JSON.stringify(actual),
        pass: envelope.ok && same(actual, expected) && Boolean(envelope.citation),
        detail: `oracle: ${c.oracle}`,
      });
    }
    for (const r of REFUSALS) {
      const target = r.limits ? serverWith(r.limits) : server;
      const envelope: Envelope = await target.callTool(r.tool, r.args);
      if (target !== server) await target.close();
      const code = envelope.ok ? 'answered' : envelope.error.code;
      results.push({
        kind: 'refusal',
        id: r.id,
        question: r.question,
        expected: r.code,
        actual: code,
        pass: !envelope.ok && code === r.code && Boolean(envelope.error.hint),
        detail: envelope.ok ? '' : envelope.error.message,
      });
    }
  } finally {
    await server.close();
    await fixture.close();
    for (const dir of cacheDirs) rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ').slice(0, 120);

export function renderEvaluation(results: Level1Result[]): string {
  const questions = results.filter((r) => r.kind === 'question');
  const refusals = results.filter((r) => r.kind === 'refusal');
  const passed = (rs: Level1Result[]) => rs.filter((r) => r.pass).length;
  return [
    '# CKAN adapter: level-1 evaluation',
    '',
    'Each question has gold SQL run through `query_resource` against the offline fixture portal (real resource',
    'files, loaded as the portal serves them: Windows-1251, Latin-1, title rows, subtotal rows). Expected answers',
    'are computed without DuckDB: from the tidied UTF-8 oracle for Kyiv, and from the files themselves, parsed',
    'in plain TypeScript, for the others (`eval/csv-oracle.ts`). Refusal cases must fail with the stated code',
    'and a hint. Regenerate with `pnpm --filter @opendata-mcp/ckan eval`; `src/evaluation.test.ts` runs the',
    'same cases in the test suite.',
    '',
    `Questions: ${passed(questions)}/${questions.length} correct. Refusals: ${passed(refusals)}/${refusals.length} refused with the expected code.`,
    '',
    '| # | Question | Expected (independent) | Answer (query_resource) | Pass |',
    '|---|---|---|---|---|',
    ...questions.map(
      (r, i) =>
        `| ${i + 1} | ${cell(r.question)} | ${cell(r.expected)} | ${cell(r.actual)} | ${r.pass ? 'yes' : 'NO'} |`,
    ),
    '',
    '| # | Refusal case | Expected code | Got | Pass |',
    '|---|---|---|---|---|',
    ...refusals.map(
      (r, i) => `| ${i + 1} | ${cell(r.question)} | ${r.expected} | ${r.actual} | ${r.pass ? 'yes' : 'NO'} |`,
    ),
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await runLevel1();
  const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'EVALUATION.md');
  writeFileSync(target, renderEvaluation(results));
  const failed = results.filter((r) => !r.pass);
  for (const f of failed)
    process.stderr.write(`FAIL ${f.id}: expected ${f.expected}, got ${f.actual} ${f.detail}\n`);
  process.stdout.write(`${results.length - failed.length}/${results.length} passed; wrote ${target}\n`);
  process.exitCode = failed.length ? 1 : 0;
}
