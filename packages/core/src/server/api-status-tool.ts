import { z } from 'zod';
import type { Adapter } from '../contract/adapter.js';
import type { ToolContext } from '../contract/context.js';
import { defineTool } from '../contract/tool.js';
import { toErrorBody } from '../errors/error-body.js';
import { OpenDataError } from '../errors/opendata-error.js';
import type { HealthLedger } from './health-ledger.js';
import { serverSource } from './server-source.js';

const BackendStatus = z.object({
  adapter_id: z.string().describe('Configured adapter instance id.'),
  backend: z.string().describe('Backend kind.'),
  title: z.string(),
  endpoint: z.string().describe('Address this instance talks to.'),
  reachable: z.boolean().describe('True when the backend answered the health probe.'),
  latency_ms: z.number().nullable().describe('Round trip of the health probe in ms.'),
  count: z
    .object({ label: z.string(), value: z.number() })
    .nullable()
    .describe('One number showing the backend serves content, e.g. the number of cubes.'),
  last_success_at: z
    .string()
    .nullable()
    .describe('Last successful tool call through this instance (ISO 8601).'),
  detail: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable().describe('Why the probe failed.'),
  http: z
    .object({
      requests: z.number(),
      retries: z.number(),
      metadata_cache: z.object({ entries: z.number(), hits: z.number(), misses: z.number() }),
      resource_cache: z.object({
        entries: z.number(),
        bytes: z.number(),
        max_bytes: z.number(),
        hits: z.number(),
        revalidations: z.number(),
        evictions: z.number(),
      }),
    })
    .describe('Outbound HTTP and cache counters of this instance since start.'),
});

const PROBE_TIMEOUT_MS = 10_000;

/** The one status tool of a server: it probes every adapter and never fails as a whole. */
export function createApiStatusTool(
  adapters: Adapter[],
  contextFor: (adapter: Adapter, signal: AbortSignal) => ToolContext,
  ledger: HealthLedger,
) {
  return defineTool({
    name: 'api_status',
    title: 'Backend status',
    description:
      'Checks each backend: whether it answers, how fast, one content count, the last success. Use it ' +
      'after upstream_unavailable or upstream_timeout to tell an outage from a wrong question.',
    input: z.object({}).strict(),
    output: z.object({
      backends: z.array(BackendStatus).describe('One entry per configured adapter instance.'),
      all_reachable: z.boolean().describe('True when every backend answered.'),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    async execute(_input, ctx) {
      const backends = await Promise.all(adapters.map((adapter) => probe(adapter, ctx, contextFor, ledger)));
      return {
        data: { backends, all_reachable: backends.every((b) => b.reachable) },
        source: serverSource(ctx.clock, { title: 'Backend health probes', accessMethod: 'health_probe' }),
      };
    },
  });
}

async function probe(
  adapter: Adapter,
  parent: ToolContext,
  contextFor: (adapter: Adapter, signal: AbortSignal) => ToolContext,
  ledger: HealthLedger,
): Promise<z.infer<typeof BackendStatus>> {
  const signal = AbortSignal.any([parent.signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)]);
  const ctx = contextFor(adapter, signal);
  const stats = ctx.http.stats();
  const base = {
    adapter_id: adapter.id,
    backend: adapter.backend,
    title: adapter.title,
    endpoint: adapter.endpoint,
    http: {
      requests: stats.requests,
      retries: stats.retries,
      metadata_cache: stats.metadataCache,
      resource_cache: {
        entries: stats.resourceCache.entries,
        bytes: stats.resourceCache.bytes,
        max_bytes: stats.resourceCache.maxBytes,
        hits: stats.resourceCache.hits,
        revalidations: stats.resourceCache.revalidations,
        evictions: stats.resourceCache.evictions,
      },
    },
  };
  const started = performance.now();
  try {
    if (!adapter.health) throw new OpenDataError('not_found', 'This adapter offers no health probe.');
    const result = await adapter.health(ctx);
    const at = ctx.clock.now();
    if (result.reachable) ledger.recordSuccess(adapter.id, at);
    return {
      ...base,
      reachable: result.reachable,
      latency_ms: Math.round(performance.now() - started),
      count: result.count ?? null,
      last_success_at: ledger.lastSuccess(adapter.id)?.toISOString() ?? null,
      detail: result.detail ?? null,
      error: null,
    };
  } catch (error) {
    const body = toErrorBody(
      signal.aborted ? new OpenDataError('upstream_timeout', 'The health probe timed out.') : error,
    );
    return {
      ...base,
      reachable: false,
      latency_ms: null,
      count: null,
      last_success_at: ledger.lastSuccess(adapter.id)?.toISOString() ?? null,
      detail: null,
      error: { code: body.code, message: body.message },
    };
  }
}
