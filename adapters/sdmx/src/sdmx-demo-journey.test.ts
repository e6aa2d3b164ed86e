import { createOpenDataServer, type SuccessEnvelope, silentLogger } from '@opendata-mcp/core';
import { startSdmxFixture } from '@opendata-mcp/fixtures';
import { expect, it } from 'vitest';
import { createSdmxAdapter, sdmxDemoJourney } from './index.js';

// The CLI's --offline mode passes only url and trusted_hosts, so the journey must work without an agency.
it.each([{ agency: 'UNICEF' }, {}])(
  'runs the demo journey offline to the published values with a citation (%o)',
  async (extra) => {
    const fixture = await startSdmxFixture();
    const server = createOpenDataServer({
      adapters: [createSdmxAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort], ...extra })],
      logger: silentLogger,
    });
    const answers: SuccessEnvelope[] = [];
    const lines: string[] = [];
    for (const step of sdmxDemoJourney.steps) {
      const args = typeof step.args === 'function' ? step.args(answers) : step.args;
      const envelope = await server.callTool(step.tool, args);
      if (!envelope.ok) throw new Error(`${step.tool}: ${envelope.error.message}`);
      answers.push(envelope);
      lines.push(step.summarize(envelope));
    }
    expect(lines[0]).toContain('CME');
    expect(lines[1]).toContain('REF_AREA.INDICATOR.SEX.WEALTH_QUINTILE');
    expect(lines[2]).toContain('United States 2020: 6.46878461763762 Deaths per 1,000 live births');
    expect(lines[2]).toContain('Brazil 2020: 14.8718958055686');
    expect(answers[2]?.citation).toContain('UNICEF: Child Mortality');
    expect(answers[2]?.citation).toContain('data/UNICEF,CME,1.0/USA+BRA.CME_MRY0T4._T._T?startPeriod=2020');
    await server.close();
    await fixture.close();
  },
);
