import type { SuccessEnvelope } from '@opendata-mcp/core';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { startLindasFixture } from '@opendata-mcp/fixtures';
import { expect, it } from 'vitest';
import { createLindasAdapter, lindasDemoJourney } from './index.js';

it('runs the demo journey offline: waldbrand → its publisher and Fedlex licence → «grosse Gefahr»', async () => {
  const fixture = await startLindasFixture();
  const server = createOpenDataServer({
    adapters: [createLindasAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
    logger: silentLogger,
  });
  const answers: SuccessEnvelope[] = [];
  const lines: string[] = [];
  try {
    for (const step of lindasDemoJourney.steps) {
      const args = typeof step.args === 'function' ? step.args(answers) : step.args;
      const envelope = await server.callTool(step.tool, args);
      if (!envelope.ok) throw new Error(`${step.tool}: ${envelope.error.message}`);
      answers.push(envelope);
      lines.push(step.summarize(envelope));
    }
  } finally {
    await server.close();
    await fixture.close();
  }
  expect(lines[0]).toContain('«Waldbrandgefahr» (Published)');
  expect(lines[1]).toMatch(/^publisher: Bundesamt für Umwelt BAFU\n/);
  expect(lines[1]).toMatch(/licence \(dcterms:license\): https:\/\/fedlex\.data\.admin\.ch\/eli\/cc\//);
  expect(lines[2]).toContain('Dorneck / Thierstein (SO) · 2026-07-14: grosse Gefahr');
  expect(answers[2]?.citation).toMatch(
    /^Bundesamt für Umwelt BAFU: Waldbrandgefahr, via http:\/\/127\.0\.0\.1:\d+\S*, Swiss Environmental Protection Act \(USG, SR 814.01\), cited as legal basis/,
  );
});
