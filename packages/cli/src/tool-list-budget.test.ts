import { connectInProcess } from '@opendata-mcp/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPICAL_CALLS } from './answer-budget.js';
import { defaultRegistry } from './default-registry.js';
import { type FixtureRuntime, startFixtureRuntime } from './fixture-runtime.test-support.js';
import { TOOL_LIST_BUDGET_BYTES } from './tool-list-budget.js';

type Pair = Awaited<ReturnType<typeof connectInProcess>>;

describe(`the tool list of every built-in backend stays under ${TOOL_LIST_BUDGET_BYTES} bytes`, () => {
  let fixture: FixtureRuntime;
  let pair: Pair;

  beforeAll(async () => {
    fixture = await startFixtureRuntime();
    pair = await connectInProcess(fixture.runtime.server);
  });
  afterAll(async () => {
    await pair?.close();
    await fixture?.close();
  });

  it('lists every registered tool, each with an output schema, within the budget', async () => {
    const listed = await pair.client.listTools();
    expect(listed.tools.map((t) => t.name).sort()).toEqual(
      fixture.runtime.server.tools.map((t) => t.name).sort(),
    );
    for (const tool of listed.tools) {
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(Object.keys(tool.outputSchema?.properties ?? {}).length, tool.name).toBeGreaterThan(0);
    }
    const bytes = Buffer.byteLength(JSON.stringify(listed));
    expect(bytes).toBeLessThanOrEqual(TOOL_LIST_BUDGET_BYTES);
  });

  // The SDK client checks structuredContent against the advertised output schema and throws on a
  // mismatch, so each answer below passing through it is the check.
  it('answers the typical calls with structured content the client validates', async () => {
    await pair.client.listTools();
    for (const call of TYPICAL_CALLS) {
      const result = await pair.client.callTool({ name: call.tool, arguments: call.args });
      expect(result.isError, call.tool).toBeFalsy();
      expect(result.structuredContent, call.tool).toMatchObject({ ok: true });
    }
  });

  it('answers every demo step with structured content the client validates', async () => {
    await pair.client.listTools();
    for (const registration of defaultRegistry.values()) {
      const journey = registration.demo;
      if (!journey) continue;
      const answers: Array<Record<string, unknown>> = [];
      for (const step of journey.steps) {
        const args = typeof step.args === 'function' ? step.args(answers as never) : step.args;
        const result = await pair.client.callTool({ name: step.tool, arguments: args });
        expect(result.isError, step.tool).toBeFalsy();
        answers.push(result.structuredContent as Record<string, unknown>);
      }
    }
  });
});
