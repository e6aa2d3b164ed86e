import { readFileSync } from 'node:fs';
import type { SuccessEnvelope } from '@opendata-mcp/core';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { expect, it } from 'vitest';
import { createPxwebAdapter } from './create-pxweb-adapter.js';
import { startPxwebFixture } from './fixture/start-pxweb-fixture.js';
import { pxwebDemoJourney } from './pxweb-demo-journey.js';

const ANSWER_BUDGET_CHARS = 4096;

// Expected figures read straight from the recorded portal answer, not through the fixture or the adapter.
const recorded = JSON.parse(
  readFileSync(
    new URL(
      '../data/recorded/rOpenGov-pxweb/statistikdatabasen.scb.se/api/v2/tables/TAB5974/data-35e0e2-fb7f17-POST.json',
      import.meta.url,
    ),
    'utf8',
  ),
) as {
  id: string[];
  size: number[];
  dimension: Record<string, { category: { index: Record<string, number>; label: Record<string, string> } }>;
  value: number[];
};
function recordedValue(codes: Record<string, string>): number | undefined {
  let index = 0;
  recorded.id.forEach((dimension, i) => {
    index =
      index * (recorded.size[i] ?? 1) +
      (recorded.dimension[dimension]?.category.index[codes[dimension] ?? ''] ?? 0);
  });
  return recorded.value[index];
}

// The CLI's --offline mode passes only url and trusted_hosts, and gives the fixture's API v2 url.
it('runs the demo journey offline on the recorded Statistics Sweden answers, with a citation', async () => {
  const fixture = await startPxwebFixture();
  const server = createOpenDataServer({
    adapters: [createPxwebAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
    logger: silentLogger,
  });
  const answers: SuccessEnvelope[] = [];
  const lines: string[] = [];
  for (const step of pxwebDemoJourney.steps) {
    const args = typeof step.args === 'function' ? step.args(answers) : step.args;
    const envelope = await server.callTool(step.tool, args);
    if (!envelope.ok) throw new Error(`${step.tool}: ${envelope.error.message}`);
    // The answer budget every adapter keeps (docs/VOCABULARY.md): a typical answer within 4 KB of JSON text.
    expect(JSON.stringify(envelope).length, step.tool).toBeLessThanOrEqual(ANSWER_BUDGET_CHARS);
    answers.push(envelope);
    lines.push(step.summarize(envelope));
  }
  expect(lines[0]).toContain('TAB5974');
  const ages = Object.keys(
    (
      JSON.parse(
        readFileSync(
          new URL(
            '../data/recorded/rOpenGov-pxweb/statistikdatabasen.scb.se/api/v2/tables/TAB5974/metadata.json',
            import.meta.url,
          ),
          'utf8',
        ),
      ) as { dimension: { Alder: { category: { index: Record<string, number> } } } }
    ).dimension.Alder.category.index,
  );
  expect(lines[1]).toContain(`Alder (${ages.length} values, may be omitted)`);
  const cell = { InrikesUtrikes: '83', Alder: '0', ContentsCode: '000005NO', Tid: '2026' };
  for (const sex of ['1', '2']) {
    const label = recorded.dimension.Kon?.category.label[sex];
    expect(lines[2]).toContain(`${label} 2026: ${recordedValue({ ...cell, Kon: sex })}`);
  }
  expect(answers[2]?.citation).toContain('SCB');
  await server.close();
  await fixture.close();
});
