import type {
  CacheHint,
  CallToolResult,
  ImageContent,
  InputRequiredResult,
  McpRequestContext,
  ServerContext,
} from '@modelcontextprotocol/server';
import { McpServer } from '@modelcontextprotocol/server';
import type { Adapter } from '../contract/adapter.js';
import { DEFAULT_LIMITS, type Limits } from '../contract/limits.js';
import type { Envelope } from '../envelope/envelope.js';
import { OpenDataError } from '../errors/opendata-error.js';
import { createJsonLogger } from '../log/logger.js';
import { noTelemetry } from '../observe/telemetry.js';
import { createKeptResults, type KeptResults, type KeptResultsOptions } from '../results/kept-results.js';
import { createMemoryStore } from '../store/memory-store.js';
import { advertiseDataOutput, advertiseInput, advertiseOutput } from './advertise-only.js';
import { advertisedAnnotations } from './advertised-annotations.js';
import { createApiStatusTool } from './api-status-tool.js';
import { clientOf } from './client-of.js';
import { type ComposedTool, CompositionError, composeAdapters, ownerId } from './compose-adapters.js';
import { declareStaticLists } from './declare-static-lists.js';
import { HealthLedger } from './health-ledger.js';
import { mergeInstructions } from './merge-instructions.js';
import { withPrefixedMentions } from './prefix-mentions.js';
import { progressReporter } from './progress-reporter.js';
import { createQueryTexts } from './query-texts.js';
import { registerExtras } from './register-extras.js';
import { withOriginNames } from './rename-origins.js';
import { createRequestStateSealer } from './request-context.js';
import { createResolvePlaceTool } from './resolve-place-tool.js';
import { runContentTool } from './run-content-tool.js';
import { createSearchAllTool } from './search-all-tool.js';
import type { CallOptions, OpenDataServer, OpenDataServerOptions } from './server-types.js';
import { toCallToolResult } from './to-call-tool-result.js';
import { createToolContexts } from './tool-contexts.js';
import { runDataTool } from './tool-runner.js';
import { withinCall } from './within-call.js';

export type { CallOptions, OpenDataServer, OpenDataServerOptions, ServerExtension } from './server-types.js';

export const SERVER_NAME = 'opendata-mcp';
export const SERVER_VERSION = '0.1.0';

// Tools, prompts and templates are fixed for the life of a server: clients may keep the lists.
const LIST_CACHE: CacheHint = { ttlMs: 3_600_000, cacheScope: 'public' };
const LIST_CACHE_HINTS = {
  'tools/list': LIST_CACHE,
  'prompts/list': LIST_CACHE,
  'resources/list': LIST_CACHE,
  'resources/templates/list': LIST_CACHE,
  'server/discover': LIST_CACHE,
};
const SERVER = { kind: 'server' } as const;

/** Composes adapters into one server; throws `CompositionError` at start-up on any clash. */
export function createOpenDataServer(options: OpenDataServerOptions): OpenDataServer {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const logger = options.logger ?? createJsonLogger();
  const clock = options.clock ?? { now: () => new Date() };
  const ledger = new HealthLedger();
  const sealer = createRequestStateSealer(options.requestStateKey);
  const ownsResults = !isKeptResults(options.results);
  const results = isKeptResults(options.results)
    ? options.results
    : createKeptResults(
        // Replicas keep results in the store they share, unless told to keep them elsewhere.
        { ...(options.store ? { store: options.store } : {}), ...options.results },
        clock,
      );
  // A prefixed instance's texts name its tools as clients see them.
  const entries = options.adapters.map((entry) =>
    'adapter' in entry && entry.toolPrefix
      ? { ...entry, adapter: withPrefixedMentions(entry.adapter, entry.toolPrefix) }
      : entry,
  );
  const extensions = options.extensions ?? [];
  const extensionTools = extensions.flatMap((extension) => extension.tools);
  const duplicate = extensionTools.find(
    (tool, i) => extensionTools.findIndex((t) => t.name === tool.name) !== i,
  );
  if (duplicate) throw new CompositionError(`Two server extensions register the tool "${duplicate.name}".`);
  const composed = composeAdapters(entries, [
    'api_status',
    'search_all',
    'resolve_place',
    ...extensionTools.map((tool) => tool.name),
  ]);
  const adapters = entries.map((entry) => ('adapter' in entry ? entry.adapter : entry));

  const telemetry = options.telemetry ?? noTelemetry;
  const contexts = createToolContexts({
    adapters,
    limits,
    logger,
    clock,
    results,
    telemetry,
    // A budget needs somewhere to count even without a shared store: this process's memory.
    store: options.store ?? (options.upstreamBudgets ? createMemoryStore({ maxEntries: 10_000 }) : undefined),
    upstreamBudgets: options.upstreamBudgets,
    httpClient: options.httpClient,
    http: options.http,
  });
  const adapterContext = (adapter: Adapter, signal: AbortSignal) =>
    contexts.contextFor({ kind: 'adapter', adapter }, { signal });

  const statusTool = createApiStatusTool(adapters, adapterContext, ledger);
  const composedName = new Map(composed.map((t) => [`${ownerId(t.owner)}\u0000${t.tool.name}`, t.name]));
  // Only when some backend can search: a search over nothing would only mislead.
  const searchTool: ComposedTool[] = adapters.some((a) => a.search)
    ? [
        {
          name: 'search_all',
          tool: createSearchAllTool(
            adapters,
            adapterContext,
            (adapter, local) => composedName.get(`${adapter.id}\u0000${local}`) ?? local,
          ),
          owner: SERVER,
        },
      ]
    : [];
  // Only when some backend maps places: the codes per backend are what the tool is for.
  const placeTool: ComposedTool[] = adapters.some((a) => a.places)
    ? [{ name: 'resolve_place', tool: createResolvePlaceTool(adapters, adapterContext), owner: SERVER }]
    : [];
  const tools: ComposedTool[] = [
    { name: 'api_status', tool: statusTool, owner: SERVER },
    ...searchTool,
    ...placeTool,
    ...extensionTools.map((tool) => ({ name: tool.name, tool, owner: SERVER })),
    ...composed,
  ];
  const byName = new Map(tools.map((t) => [t.name, t]));
  // Extension resources are served like an adapter's resources, read with the server's own context.
  const extensionHosts = extensions
    .filter((extension) => (extension.resources ?? []).length > 0)
    .map((extension) => ({ id: 'core', resources: [...(extension.resources ?? [])] }) as Adapter);
  const instructions = mergeInstructions(adapters, extensions);
  const queryTexts = createQueryTexts();

  async function callDataTool(
    entry: ComposedTool,
    args: unknown,
    call: CallOptions,
    onImages?: (images: ImageContent[]) => void,
  ): Promise<Envelope> {
    if (entry.tool.kind !== 'data')
      throw new Error(`Tool ${entry.name} answers with content, not an envelope.`);
    const tool = options.originNames ? withOriginNames(entry.tool, options.originNames) : entry.tool;
    const started = performance.now();
    const envelope = await withinCall(call.signal, limits.callDeadlineMs, async (signal) => {
      const ctx = contexts.contextFor(entry.owner, {
        signal,
        progress: call.onProgress,
        client: call.client,
      });
      const answer = await runDataTool(tool, args, ctx, entry.name, queryTexts.remember, onImages);
      if (answer.ok && entry.owner.kind === 'adapter')
        ledger.recordSuccess(entry.owner.adapter.id, clock.now());
      return answer;
    });
    telemetry.toolCall(
      entry.name,
      envelope.ok ? 'ok' : envelope.error.code,
      (performance.now() - started) / 1000,
    );
    return envelope;
  }

  async function callContentTool(
    entry: ComposedTool,
    args: unknown,
    sdk: ServerContext,
    client: string,
  ): Promise<CallToolResult | InputRequiredResult> {
    if (entry.tool.kind === 'data') throw new Error(`Tool ${entry.name} answers with an envelope.`);
    const tool = entry.tool;
    const started = performance.now();
    const progress = progressReporter(sdk);
    const { result, outcome } = await withinCall(sdk.mcpReq.signal, limits.callDeadlineMs, (signal) =>
      runContentTool(tool, entry.name, args, () =>
        sealer.contextFor(contexts.contextFor(entry.owner, { signal, progress, client }), sdk),
      ),
    );
    telemetry.toolCall(entry.name, outcome, (performance.now() - started) / 1000);
    return result;
  }

  function register(server: McpServer, entry: ComposedTool, client: string): void {
    const { tool } = entry;
    const config = {
      title: tool.title,
      description: tool.description,
      inputSchema: advertiseInput(tool.input),
      // The title is given once, at the top level where clients since 2025-06-18 read it.
      annotations: advertisedAnnotations(tool.annotations),
      ...(tool.meta ? { _meta: tool.meta } : {}),
      ...(tool.kind === 'data'
        ? { outputSchema: advertiseDataOutput(tool.output) }
        : tool.output
          ? { outputSchema: advertiseOutput(tool.output) }
          : {}),
    };
    server.registerTool(
      entry.name,
      config,
      async (args: unknown, sdk: ServerContext): Promise<CallToolResult | InputRequiredResult> => {
        if (tool.kind !== 'data') return callContentTool(entry, args, sdk, client);
        let images: ImageContent[] = [];
        const call = { signal: sdk.mcpReq.signal, onProgress: progressReporter(sdk), client };
        const envelope = await callDataTool(entry, args, call, (drawn) => {
          images = drawn;
        });
        return toCallToolResult(envelope, images);
      },
    );
  }

  function createMcpServer(request?: McpRequestContext): McpServer {
    const client = clientOf(request);
    const server = new McpServer(
      { name: options.name ?? SERVER_NAME, version: options.version ?? SERVER_VERSION },
      {
        instructions,
        capabilities: { tools: {}, logging: {} },
        requestState: { verify: sealer.verify },
        cacheHints: LIST_CACHE_HINTS,
      },
    );
    for (const entry of tools) register(server, entry, client);
    registerExtras(server, [...adapters, ...extensionHosts], (adapter, sdk) =>
      sealer.contextFor(
        contexts.contextFor(extensionHosts.includes(adapter) ? SERVER : { kind: 'adapter', adapter }, {
          signal: sdk.mcpReq.signal,
          client,
        }),
        sdk,
      ),
    );
    queryTexts.register(server);
    declareStaticLists(server);
    return server;
  }

  return {
    tools: tools.map((t) => ({
      name: t.name,
      title: t.tool.title,
      adapterId: ownerId(t.owner),
      definition: t.tool,
    })),
    adapters,
    instructions,
    results,
    createMcpServer,
    queryText: queryTexts.get,
    async callTool(name, args, callOptions = {}) {
      const entry = byName.get(name);
      if (!entry) {
        throw new OpenDataError('not_found', `No tool named "${name}".`, {
          hint: `Available tools: ${[...byName.keys()].join(', ')}.`,
        });
      }
      return callDataTool(entry, args, callOptions, callOptions.onImages);
    },
    async close() {
      await Promise.allSettled(adapters.map((a) => a.close?.()));
      // After the adapters, which may still send a last request while closing.
      await Promise.allSettled(contexts.httpClients().map((http) => http.close?.()));
      await Promise.allSettled(extensions.map((e) => e.close?.(results)));
      if (ownsResults) await results.close();
    },
  };
}

function isKeptResults(value: KeptResultsOptions | KeptResults | undefined): value is KeptResults {
  return value !== undefined && typeof (value as KeptResults).keep === 'function';
}
