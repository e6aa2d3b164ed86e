import { createOpenDataServer, type SuccessEnvelope, silentLogger } from '@opendata-mcp/core';
import { expect, it } from 'vitest';
import { createPxwebAdapter } from './create-pxweb-adapter.js';
import { startPxwebFixture } from './fixture/start-pxweb-fixture.js';
import { pxwebDemoJourney } from './pxweb-demo-journey.js';

// The CLI's --offline mode passes only url and trusted_hosts; the journey must work on either API.
it.each(['v2', 'v1'] as const)(
  'runs the demo journey offline over API %s with a citation',
  async (version) => {
    const fixture = await startPxwebFixture();
    const server = createOpenDataServer({
      adapters: [
        createPxwebAdapter({
          url: version === 'v2' ? fixture.url : fixture.v1Url,
          trusted_hosts: [fixture.hostPort],
        }),
      ],
      logger: silentLogger,
    });
    const answers: SuccessEnvelope[] = [];
    const lines: string[] = [];
    for (const step of pxwebDemoJourney.steps) {
      const args = typeof step.args === 'function' ? step.args(answers) : step.args;
      const envelope = await server.callTool(step.tool, args);
      if (!envelope.ok) throw new Error(`${step.tool}: ${envelope.error.message}`);
      answers.push(envelope);
      lines.push(step.summarize(envelope));
    }
    expect(lines[0]).toContain('POP01');
    expect(lines[1]).toContain('Region (3 values, may be omitted)');
    // Capital region, men plus women, from the data file: 310450 + 318900 and so on; 2023 likewise.
    expect(lines[2]).toContain('Capital region 2021: 629350');
    expect(lines[2]).toContain('Capital region 2023: 639330');
    expect(answers[2]?.citation).toContain(
      'Synthetic Statistics Office: Population by region, sex and year (synthetic)',
    );
    await server.close();
    await fixture.close();
  },
);
