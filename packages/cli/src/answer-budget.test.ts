import type { OpenDataServer, SuccessEnvelope } from '@opendata-mcp/core';
import { startCkanFixture, startLindasFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_BUDGET_CHARS, TYPICAL_CALLS } from './answer-budget.js';
import { buildRuntime, type Runtime } from './build-runtime.js';
import { defaultRegistry } from './default-registry.js';

type Fixture = { url: string; hostPort: string; close(): Promise<void> };

describe(`every typical answer fits ${ANSWER_BUDGET_CHARS} characters`, () => {
  let fixtures: Fixture[];
  let runtime: Runtime;
  let server: OpenDataServer;

  beforeAll(async () => {
    fixtures = await Promise.all([startLindasFixture(), startCkanFixture(), startSdmxFixture()]);
    const [lindas, ckan, sdmx] = fixtures.map((f) => ({ url: f.url, trusted_hosts: [f.hostPort] }));
    runtime = buildRuntime(
      {
        adapters: [
          { type: 'lindas', ...lindas },
          { type: 'ckan', ...ckan },
          { type: 'sdmx', ...sdmx },
        ],
        log_level: 'silent',
      },
      defaultRegistry,
    );
    server = runtime.server;
  });
  afterAll(async () => {
    await runtime?.close();
    await Promise.all(fixtures.map((f) => f.close()));
  });

  for (const registration of defaultRegistry.values()) {
    const journey = registration.demo;
    if (!journey) continue;
    it(`demo journey of ${registration.type}: ${journey.title}`, async () => {
      const answers: SuccessEnvelope[] = [];
      for (const step of journey.steps) {
        const args = typeof step.args === 'function' ? step.args(answers) : step.args;
        const envelope = await server.callTool(step.tool, args);
        if (!envelope.ok) throw new Error(`${step.tool}: ${envelope.error.message}`);
        expect(JSON.stringify(envelope).length, step.tool).toBeLessThanOrEqual(ANSWER_BUDGET_CHARS);
        answers.push(envelope);
      }
    });
  }

  for (const call of TYPICAL_CALLS) {
    it(`${call.tool} ${JSON.stringify(call.args).slice(0, 80)}`, async () => {
      const envelope = await server.callTool(call.tool, call.args);
      expect(envelope.ok, JSON.stringify(envelope).slice(0, 300)).toBe(true);
      expect(JSON.stringify(envelope).length).toBeLessThanOrEqual(ANSWER_BUDGET_CHARS);
    });
  }
});
