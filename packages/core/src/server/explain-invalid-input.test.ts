import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Adapter } from '../contract/adapter.js';
import { defineTool, READ_ONLY_OPEN_WORLD } from '../contract/tool.js';
import type { Envelope } from '../envelope/envelope.js';
import { silentLogger } from '../log/logger.js';
import { createOpenDataServer } from './create-server.js';

const source = {
  backend: 'test',
  adapter_id: 'flows',
  endpoint: 'https://flows.example',
  identifiers: {},
  title: 'Flows',
  publisher: null,
  url: null,
  query: { language: 'api' as const, text: 'list' },
  access_method: 'api',
  retrieved_at: '2026-01-02T03:04:05.000Z',
  metadata_retrieved_at: null,
  source_modified_at: null,
  license: null,
  cache: { hit: false, revalidated: false, first_fetched_at: null },
};

const listFlows = defineTool({
  name: 'list_flows',
  title: 'List flows',
  description: 'Lists flows of a test registry, to show how a refused call is explained.',
  input: z
    .object({
      flow_id: z.string().min(1).describe('Flow id, e.g. "CME".'),
      limit: z.number().int().min(1).max(100).default(20).describe('Flows to return, 1..100 (default 20).'),
      offset: z.number().int().min(0).default(0).describe('Flows to skip (default 0).'),
    })
    .strict(),
  output: z.object({ flow_id: z.string(), limit: z.number() }),
  annotations: READ_ONLY_OPEN_WORLD,
  deprecatedAliases: { dataflow: 'flow_id' },
  async execute(input) {
    return { data: { flow_id: input.flow_id, limit: input.limit }, source };
  },
});

const adapter: Adapter = {
  specificationVersion: 1,
  id: 'flows',
  backend: 'test',
  title: 'Flows',
  endpoint: 'https://flows.example',
  instructions: 'Lists flows.',
  tools: [listFlows, { ...listFlows, name: 'list_flows_with_example', example: { flow_id: 'CME' } }],
};

async function call(name: string, args: unknown): Promise<Envelope> {
  const server = createOpenDataServer({ adapters: [adapter], logger: silentLogger });
  try {
    return await server.callTool(name, args);
  } finally {
    await server.close();
  }
}

function refusal(envelope: Envelope) {
  if (envelope.ok) throw new Error('expected a refusal');
  expect(envelope.error.code).toBe('invalid_input');
  return envelope.error;
}

describe('invalid_input that teaches', () => {
  it('names an unknown key, suggests the nearest valid one and lists them all', async () => {
    const error = refusal(await call('list_flows', { flow_id: 'CME', offest: 20 }));
    expect(error.message).toContain('unknown parameter "offest" (did you mean "offset"?)');
    expect(error.hint).toContain('Valid parameters: flow_id, limit, offset.');
    expect(error.details).toMatchObject({
      unknown_parameters: ['offest'],
      did_you_mean: { offest: 'offset' },
      valid_parameters: ['flow_id', 'limit', 'offset'],
    });
  });

  it('offers no guess for a key unlike any parameter, and never echoes an odd key', async () => {
    const error = refusal(await call('list_flows', { flow_id: 'CME', 'x<script>': 1, colour: 'red' }));
    expect(error.message).not.toContain('<script>');
    expect(error.message).toContain('unknown parameter "<9 characters>"');
    expect(error.message).toContain('unknown parameter "colour".');
    expect(error.details?.did_you_mean).toEqual({});
  });

  it('shows what a parameter of the wrong type expects, from its own description', async () => {
    const error = refusal(await call('list_flows', { flow_id: 'CME', limit: '10' }));
    expect(error.message).toMatch(
      /limit: Invalid input: expected number, received string\. Expected: Flows to return, 1\.\.100/,
    );
  });

  it('names a missing required parameter and gives a minimal correct call built from the schema', async () => {
    const error = refusal(await call('list_flows', { limit: 5 }));
    expect(error.message).toContain('missing required parameter "flow_id". Expected: Flow id, e.g. "CME".');
    expect(error.hint).toContain('A minimal correct call: list_flows {"flow_id":"…"}');
  });

  it('prefers the example a tool declares', async () => {
    const error = refusal(await call('list_flows_with_example', {}));
    expect(error.hint).toContain('list_flows_with_example {"flow_id":"CME"}');
  });

  it('answers a call under an old parameter name, and says which name to use', async () => {
    const envelope = await call('list_flows', { dataflow: 'CME' });
    expect(envelope.ok).toBe(true);
    if (!envelope.ok) return;
    expect(envelope.flow_id).toBe('CME');
    expect(envelope.deprecated).toEqual([
      '"dataflow" is a deprecated name of "flow_id" and will be removed; use "flow_id".',
    ]);
  });

  it('refuses old and new names given together, pointing the old one at the new', async () => {
    const error = refusal(await call('list_flows', { dataflow: 'A', flow_id: 'B' }));
    expect(error.message).toContain('unknown parameter "dataflow" (did you mean "flow_id"?)');
  });
});
