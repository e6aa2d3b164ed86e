import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '../envelope/envelope.js';
import { type ErrorCode, isRetryable } from '../errors/error-codes.js';
import { createHttpClient } from '../http/create-http-client.js';
import { createOpenDataServer } from '../server/create-server.js';
import { connectInProcess, type InProcessPair } from '../testing/in-process-client.js';
import { createMemoryLogger, type MemoryLogger } from '../testing/memory-logger.js';
import { type OutboundWatch, watchOutbound } from '../testing/outbound-watch.js';
import { vocabularyProblems } from '../testing/vocabulary-problems.js';
import type { AdapterConformanceOptions, ConformanceSetup } from './conformance-options.js';
import { provenanceProblems } from './provenance-problems.js';
import { toolMetadataProblems } from './tool-metadata-problems.js';

/**
 * The suite every adapter runs, as a vitest `describe` block: complete tool metadata, the
 * envelope with sound provenance on success, the error envelope with the expected code on
 * failure and on upstream faults, no crash on garbage arguments, and no outbound request that
 * bypasses `ctx.http`. Call it at the top level of a `*.test.ts` file.
 */
export function describeAdapterConformance(options: AdapterConformanceOptions): void {
  describe(`adapter conformance: ${options.name}`, () => {
    let setup: ConformanceSetup;
    let pair: InProcessPair;
    let client: Client;
    let logs: MemoryLogger;
    let watch: OutboundWatch;

    const call = (name: string, args: unknown) =>
      watch.during(() => client.callTool({ name, arguments: args as Record<string, unknown> }));
    // Why a call failed inside the server: an output schema mismatch is only in the log.
    const loggedCause = () =>
      logs
        .entries()
        .filter((e) => e.level === 'error')
        .map((e) => JSON.stringify(e).slice(0, 1_500))
        .join('\n');

    beforeAll(async () => {
      watch = watchOutbound();
      logs = createMemoryLogger('error');
      setup = await options.setup();
      const build = setup.server?.httpClient ?? ((_adapter, o) => createHttpClient(o));
      const server = createOpenDataServer({
        ...setup.server,
        logger: logs.logger,
        httpClient: (adapter, o) => watch.sanction(build(adapter, o)),
        adapters: [setup.adapter],
      });
      pair = await connectInProcess(server);
      client = pair.client;
    });
    afterAll(async () => {
      watch?.stop();
      await pair?.close();
      await setup?.adapter.close?.();
      await setup?.teardown?.();
    });

    it('declares complete tool metadata', async () => {
      const { tools } = await client.listTools();
      const own = tools.filter((t) => !['api_status', 'search_all', 'resolve_place'].includes(t.name));
      expect(own.length).toBe(setup.adapter.tools.length);
      expect(tools.flatMap(toolMetadataProblems)).toEqual([]);
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

    it('answers success cases with the envelope and sound provenance', async () => {
      for (const { tool, args } of options.success) {
        logs.clear();
        const result = await call(tool, args);
        const body = result.structuredContent as Record<string, unknown>;
        const why = `${tool}: ${JSON.stringify(body?.error)}\n${loggedCause()}`;
        expect(result.isError ?? false, why).toBe(false);
        expect(body.ok).toBe(true);
        expect(provenanceProblems(body.source, setup.adapter), `${tool} provenance`).toEqual([]);
        expect(typeof body.citation === 'string' && body.citation.length > 10, `${tool} citation`).toBe(true);
        expect(body.retrieved_at).toBe((body.source as { retrieved_at: string }).retrieved_at);
        const text = result.content[0];
        expect(text?.type).toBe('text');
        expect(JSON.parse((text as { text: string }).text)).toEqual(body);
      }
    });

    it('answers failure cases with the error envelope and the expected code', async () => {
      for (const { tool, args, code } of options.failures ?? []) {
        const result = await call(tool, args);
        expectErrorEnvelope(result, `${tool} ${JSON.stringify(args).slice(0, 80)}`, code);
      }
    });

    it('answers upstream faults with an error envelope, never with data', async () => {
      for (const fault of options.faults ?? []) {
        await fault.arm();
        try {
          const result = await call(fault.tool, fault.args);
          // An adapter that caches answers the arguments of an earlier case without asking the backend.
          expect(
            result.isError,
            `${fault.name}: ${fault.tool} answered ok — served from the adapter's cache? Give the fault case arguments no earlier case used.`,
          ).toBe(true);
          expectErrorEnvelope(result, `${fault.name}: ${fault.tool}`, fault.code);
        } finally {
          await fault.disarm();
        }
      }
    });

    it('refuses garbage arguments with invalid_input and stays up', async () => {
      const garbage: unknown[] = [
        { __unknown_parameter__: 'x'.repeat(10_000) },
        { limit: 'many', offset: -1, language: { nested: [1, 2, 3] } },
      ];
      for (const tool of setup.adapter.tools) {
        for (const args of garbage) {
          const result = await call(tool.name, args);
          expect(result.isError, tool.name).toBe(true);
          const body = ErrorEnvelopeSchema.parse(result.structuredContent);
          expect(body.error.code, tool.name).toBe('invalid_input');
          expect(JSON.stringify(body).length).toBeLessThan(2_000);
        }
      }
      const status = await call('api_status', {});
      expect((status.structuredContent as { ok: boolean }).ok).toBe(true);
    });

    it('reports the backend reachable through api_status', async () => {
      const status = await call('api_status', {});
      const backends = (status.structuredContent as { backends: Array<Record<string, unknown>> }).backends;
      const own = backends.find((b) => b.adapter_id === setup.adapter.id);
      expect(own?.reachable, `health: ${JSON.stringify(own?.error)}`).toBe(true);
    });

    it('sends every outbound request through ctx.http', () => {
      expect(watch.violations(), 'requests that bypassed the guarded client').toEqual([]);
    });
  });

  function expectErrorEnvelope(
    result: Awaited<ReturnType<Client['callTool']>>,
    label: string,
    code: ErrorCode,
  ): void {
    expect(result.isError, label).toBe(true);
    const body = ErrorEnvelopeSchema.parse(result.structuredContent);
    expect(body.error.code, label).toBe(code);
    expect(body.error.retryable, `${label} retryable`).toBe(isRetryable(code));
    expect(Object.keys(result.structuredContent ?? {}).sort(), label).toEqual(['error', 'ok']);
  }
}
