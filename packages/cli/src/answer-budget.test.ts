import type { SuccessEnvelope } from '@opendata-mcp/core';
import type { OpenDataServer } from '@opendata-mcp/core/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_BUDGET_CHARS, TYPICAL_CALLS } from './answer-budget.js';
import { defaultRegistry } from './default-registry.js';
import { type FixtureRuntime, startFixtureRuntime } from './fixture-runtime.test-support.js';

describe(`every typical answer fits ${ANSWER_BUDGET_CHARS} characters`, () => {
  let fixture: FixtureRuntime;
  let server: OpenDataServer;

  beforeAll(async () => {
    fixture = await startFixtureRuntime();
    server = fixture.runtime.server;
  });
  afterAll(() => fixture?.close());

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
