import type { SuccessEnvelope } from '@opendata-mcp/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FixtureServer, startFixtureServer } from './fixture-server.test-support.js';
import { resultsDemoJourney } from './results-demo-journey.js';

let fixture: FixtureServer;
beforeAll(async () => {
  fixture = await startFixtureServer();
}, 60_000);
afterAll(() => fixture?.close());

it('answers the side-by-side question offline: two SDMX calls, one query, every number cited', async () => {
  const answers: SuccessEnvelope[] = [];
  const lines: string[] = [];
  for (const step of resultsDemoJourney.steps) {
    const args = typeof step.args === 'function' ? step.args(answers) : step.args;
    const envelope = await fixture.server.callTool(step.tool, args);
    if (!envelope.ok) throw new Error(`${step.tool}: ${envelope.error.message}`);
    expect(JSON.stringify(envelope).length, step.tool).toBeLessThanOrEqual(4096);
    answers.push(envelope);
    lines.push(step.summarize(envelope));
  }
  const [brazil, usa, table] = answers as [SuccessEnvelope, SuccessEnvelope, SuccessEnvelope];
  // The expected table, computed here from the two UNICEF answers.
  const valueByYear = (answer: SuccessEnvelope) => {
    const columns = answer.columns as string[];
    const rows = answer.rows as unknown[][];
    return new Map(
      rows.map((row) => [row[columns.indexOf('time_period')], row[columns.indexOf('value')] as number]),
    );
  };
  const b = valueByYear(brazil);
  const u = valueByYear(usa);
  const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
  const expected = [...b.keys()]
    .sort()
    .map((year) => [
      year,
      round(b.get(year) as number, 1),
      round(u.get(year) as number, 1),
      round((b.get(year) as number) / (u.get(year) as number), 2),
    ]);
  expect(expected).toHaveLength(9);
  expect(table.rows).toEqual(expected);
  expect(lines[2]).toContain('2015    16.0            6.8   2.36');
  expect(lines[2]).toContain(`cites: ${brazil.citation}`);
  expect(lines[2]).toContain(`cites: ${usa.citation}`);
});
