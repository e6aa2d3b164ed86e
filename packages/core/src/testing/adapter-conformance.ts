import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../contract/adapter.js';
import { ErrorEnvelopeSchema } from '../envelope/envelope.js';
import { ProvenanceSchema } from '../envelope/provenance.js';
import type { ErrorCode } from '../errors/error-codes.js';
import { silentLogger } from '../log/logger.js';
import { createOpenDataServer, type OpenDataServerOptions } from '../server/create-server.js';
import { connectInProcess, type InProcessPair } from './in-process-client.js';
import { vocabularyProblems } from './vocabulary-problems.js';

export interface ConformanceSetup {
  adapter: Adapter;
  /** Extra server options, e.g. an HTTP client that trusts a loopback fixture. */
  server?: Partial<OpenDataServerOptions>;
  teardown?: () => Promise<void>;
}

export interface AdapterConformanceOptions {
  name: string;
  setup(): Promise<ConformanceSetup>;
  /** At least one successful call per data tool. */
  success: Array<{ tool: string; args: Record<string, unknown> }>;
  /** Calls that must fail, with the code they must fail with. */
  failures?: Array<{ tool: string; args: unknown; code: ErrorCode }>;
  /** Tools whose truncated answers cannot be paged by offset, each with the reason (docs/VOCABULARY.md). */
  unpaged?: Record<string, string>;
}

const VERB_NOUN = /^[a-z]+(?:_[a-z0-9]+)+$/;

/**
 * The suite every adapter runs: complete tool metadata, the envelope with valid provenance on
 * success, the error envelope on failure, and no crash on garbage arguments.
 */
export function describeAdapterConformance(options: AdapterConformanceOptions): void {
  describe(`adapter conformance: ${options.name}`, () => {
    let setup: ConformanceSetup;
    let pair: InProcessPair;
    let client: Client;

    beforeAll(async () => {
      setup = await options.setup();
      const server = createOpenDataServer({
        logger: silentLogger,
        ...setup.server,
        adapters: [setup.adapter],
      });
      pair = await connectInProcess(server);
      client = pair.client;
    });
    afterAll(async () => {
      await pair?.close();
      await setup?.adapter.close?.();
      await setup?.teardown?.();
    });

    it('declares complete tool metadata', async () => {
      const { tools } = await client.listTools();
      const own = tools.filter((t) => t.name !== 'api_status' && t.name !== 'search_all');
      expect(own.length).toBe(setup.adapter.tools.length);
      for (const tool of own) {
        expect(tool.name, tool.name).toMatch(VERB_NOUN);
        expect(tool.title, `${tool.name} title`).toBeTruthy();
        expect(tool.description?.length ?? 0, `${tool.name} description`).toBeGreaterThanOrEqual(60);
        for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
          expect(typeof tool.annotations?.[hint], `${tool.name} ${hint}`).toBe('boolean');
        }
        expect(tool.outputSchema?.type, `${tool.name} output schema`).toBe('object');
        const properties = (tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
        for (const [param, schema] of Object.entries(properties)) {
          expect(schema.description, `${tool.name}.${param} needs a description`).toBeTruthy();
        }
      }
    });

    it('keeps the shared vocabulary of parameter names and answers', () => {
      for (const tool of setup.adapter.tools) {
        expect(vocabularyProblems(tool, { unpaged: options.unpaged ?? {} }), tool.name).toEqual([]);
      }
    });

    it('has a success case for every data tool', () => {
      const covered = new Set(options.success.map((c) => c.tool));
      for (const tool of setup.adapter.tools)
        if (tool.kind === 'data') expect(covered, tool.name).toContain(tool.name);
    });

    it('answers success cases with the envelope and valid provenance', async () => {
      for (const call of options.success) {
        const result = await client.callTool({ name: call.tool, arguments: call.args });
        const body = result.structuredContent as Record<string, unknown>;
        expect(result.isError ?? false, `${call.tool}: ${JSON.stringify(body?.error)}`).toBe(false);
        expect(body.ok).toBe(true);
        expect(ProvenanceSchema.safeParse(body.source).success, `${call.tool} provenance`).toBe(true);
        expect(typeof body.citation === 'string' && body.citation.length > 10).toBe(true);
        expect(body.retrieved_at).toBe((body.source as { retrieved_at: string }).retrieved_at);
        const text = result.content[0];
        expect(text?.type).toBe('text');
        expect(JSON.parse((text as { text: string }).text)).toEqual(body);
      }
    });

    it('answers failure cases with the error envelope and the expected code', async () => {
      for (const call of options.failures ?? []) {
        const result = await client.callTool({
          name: call.tool,
          arguments: call.args as Record<string, unknown>,
        });
        const body = ErrorEnvelopeSchema.parse(result.structuredContent);
        expect(result.isError, call.tool).toBe(true);
        expect(body.error.code, `${call.tool} ${JSON.stringify(call.args).slice(0, 80)}`).toBe(call.code);
        expect(Object.keys(result.structuredContent ?? {}).sort()).toEqual(['error', 'ok']);
      }
    });

    it('refuses garbage arguments with invalid_input and stays up', async () => {
      const garbage: unknown[] = [
        { __unknown_parameter__: 'x'.repeat(10_000) },
        { limit: 'many', offset: -1, language: { nested: [1, 2, 3] } },
      ];
      for (const tool of setup.adapter.tools) {
        for (const args of garbage) {
          const result = await client.callTool({
            name: tool.name,
            arguments: args as Record<string, unknown>,
          });
          expect(result.isError, tool.name).toBe(true);
          const body = ErrorEnvelopeSchema.parse(result.structuredContent);
          expect(body.error.code, tool.name).toBe('invalid_input');
          expect(JSON.stringify(body).length).toBeLessThan(2_000);
        }
      }
      const status = await client.callTool({ name: 'api_status', arguments: {} });
      expect((status.structuredContent as { ok: boolean }).ok).toBe(true);
    });
  });
}
