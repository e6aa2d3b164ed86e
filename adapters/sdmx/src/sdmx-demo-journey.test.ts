import type { SuccessEnvelope } from '@opendata-mcp/core';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { startSdmxFixture } from '@opendata-mcp/fixtures';
import { expect, it } from 'vitest';
import { createSdmxAdapter, sdmxDemoJourney } from './index.js';

// Offline, the CLI gives the SDMX fixture UNICEF's registry profile (its recordings are UNICEF's).
it('runs the demo journey offline: a value by labels, a region, the latest value, an abstention', async () => {
  const fixture = await startSdmxFixture();
  const server = createOpenDataServer({
    adapters: [
      createSdmxAdapter({ registry: 'unicef', url: fixture.url, trusted_hosts: [fixture.hostPort] }),
    ],
    logger: silentLogger,
  });
  const answers: SuccessEnvelope[] = [];
  const lines: string[] = [];
  for (const step of sdmxDemoJourney.steps) {
    const args = typeof step.args === 'function' ? step.args(answers) : step.args;
    const envelope = await server.callTool(step.tool, args);
    if (!envelope.ok) throw new Error(`${step.tool}: ${envelope.error.message}`);
    expect(JSON.stringify(envelope).length, step.tool).toBeLessThanOrEqual(4096);
    answers.push(envelope);
    lines.push(step.summarize(envelope));
  }
  expect(lines[0]).toMatch(/^ {2}CME_MRY0T4 «Under-five mortality rate» in CME \(filed_under_flow\)/);
  expect(lines[1]).toBe(
    '  Brazil 2020: 13.1817699535802 Deaths per 1,000 live births [defaults: WEALTH_QUINTILE=Total]',
  );
  expect(lines[2]).toContain('members of Sub-Saharan Africa (UNICEF Rep.Regions): 2');
  expect(lines[2]).toContain('West and Central Africa (UNICEF Rep.Regions) 2020:');
  expect(lines[3]).toMatch(
    /^ {2}Brazil 2023: 14\.44\d+ Deaths per 1,000 live births \[defaults: SEX=Total, WEALTH_QUINTILE=Total\]$/,
  );
  expect(lines[4]).toMatch(/^ {2}no_observations: /);
  expect(answers[1]?.citation).toContain('UNICEF: Child Mortality');
  await server.close();
  await fixture.close();
});
