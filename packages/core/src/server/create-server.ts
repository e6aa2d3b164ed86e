import { join } from 'node:path';
import {
  type CacheHint,
  type CallToolResult,
  type ImageContent,
  type InputRequiredResult,
  type McpRequestContext,
  McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { createTtlCache, type TtlCache } from '../cache/ttl-cache.js';
import type { Adapter, ResourceDefinition } from '../contract/adapter.js';
import type { Clock, ToolContext } from '../contract/context.js';
import { DEFAULT_LIMITS, type Limits } from '../contract/limits.js';
import type { AnyToolDefinition } from '../contract/tool.js';
import type { Envelope } from '../envelope/envelope.js';
import { OpenDataError } from '../errors/opendata-error.js';
import { createHttpClient, type HttpClientOptions } from '../http/create-http-client.js';
import type { HttpClient } from '../http/http-types.js';
import type { UpstreamBudgets } from '../http/upstream-budget.js';
import { createJsonLogger, type Logger } from '../log/logger.js';
import { currentRequestId, newRequestId, withRequestId } from '../log/request-scope.js';
import { noTelemetry, type Telemetry } from '../observe/telemetry.js';
import { createKeptResults, type KeptResults, type KeptResultsOptions } from '../results/kept-results.js';
import { accountCacheRoot, resourceCacheDir } from '../store/cache-root.js';
import { createMemoryStore } from '../store/memory-store.js';
import type { SharedStore } from '../store/shared-store.js';
import { advertiseDataOutput, advertiseInput, advertiseOutput } from './advertise-only.js';
import { advertisedAnnotations } from './advertised-annotations.js';
import { createApiStatusTool } from './api-status-tool.js';
import { clientOf } from './client-of.js';
import {
  type AdapterEntry,
  type ComposedTool,
  CompositionError,
  composeAdapters,
} from './compose-adapters.js';
import { declareStaticLists } from './declare-static-lists.js';
import { explainInvalidInput } from './explain-invalid-input.js';
import { HealthLedger } from './health-ledger.js';
import { mergeInstructions } from './merge-instructions.js';
import { withPrefixedMentions } from './prefix-mentions.js';
import { type ProgressReporter, progressReporter } from './progress-reporter.js';
import { createQueryTexts } from './query-texts.js';
import { registerExtras } from './register-extras.js';
import { createRequestStateSealer } from './request-context.js';
import { createResolvePlaceTool } from './resolve-place-tool.js';
import { createSearchAllTool } from './search-all-tool.js';
import { toCallToolResult } from './to-call-tool-result.js';
import { createToolCache } from './tool-cache.js';
import { runDataTool } from './tool-runner.js';
import { withDeadline } from './with-deadline.js';

export const SERVER_NAME = 'opendata-mcp';
export const SERVER_VERSION = '0.1.0';

export interface OpenDataServerOptions {
  adapters: ReadonlyArray<Adapter | AdapterEntry>;
  name?: string;
  version?: string;
  limits?: Partial<Limits>;
  logger?: Logger;
  clock?: Clock;
  /** Builds the guarded HTTP client of one adapter instance; swap it in tests. */
  httpClient?: (adapter: Adapter, options: HttpClientOptions) => HttpClient;
  /** Extra HTTP client settings shared by every adapter (cache directory, user agent …). */
  http?: Partial<Omit<HttpClientOptions, 'policy' | 'limits' | 'logger'>>;
  /** HMAC key (32+ bytes) for multi-round `requestState`; random per process when absent. */
  requestStateKey?: string | Uint8Array;
  /**
   * The store replicas share (Redis/Valkey through `openSharedStore`): metadata caches, upstream
   * back-off and budgets. Without one, each process keeps its own. The caller opens and closes it.
   */
  store?: SharedStore;
  /** Requests per interval each upstream host may receive, counted in `store` (per process without one). */
  upstreamBudgets?: UpstreamBudgets;
  /** Receives tool call outcomes and timings, upstream answers and cache outcomes (metrics). */
  telemetry?: Telemetry;
  /**
   * Where and how long answers with a table are kept (see `createKeptResults`): in `store` when one
   * is given, else in memory, per server, for an hour by default. Replicas read each other's results
   * when they share a store and a results `namespace`. Pass a `KeptResults` to share one between servers.
   */
  results?: KeptResultsOptions | KeptResults;
  /** Tools of the server itself, reading no backend (`query_results` over kept results). */
  extensions?: ReadonlyArray<ServerExtension>;
}

/**
 * A group of tools that belong to the server rather than to a backend, like `api_status`: they
 * read what the server holds (kept results), so they take part in neither `search_all` nor
 * `api_status`. Their names must not clash with any adapter's.
 */
export interface ServerExtension {
  /** Heads the extension's paragraph in the server instructions. */
  title: string;
  instructions: string;
  /** Data tools (an envelope, like `query_results`) or content tools (an image, say). */
  tools: ReadonlyArray<AnyToolDefinition>;
  /** Resources the extension serves, e.g. the MCP Apps page its tools name in their `meta`. */
  resources?: ReadonlyArray<ResourceDefinition>;
  /** Releases what the extension holds for this server (engine processes); called on shutdown. */
  close?(results: KeptResults): Promise<void>;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Awaited by the tool's `ctx.progress`, so a report is delivered before the answer. */
  onProgress?: ProgressReporter;
  /** Receives the pictures a tool drew (a chart's PNG), which the envelope does not carry. */
  onImages?: (images: ImageContent[]) => void;
  /** Whose share of kept results the call's answer counts against; one shared client by default. */
  client?: string;
}

export interface OpenDataServer {
  /** Every registered tool under its composed name, with its definition. */
  readonly tools: ReadonlyArray<{
    name: string;
    title: string;
    adapterId: string;
    definition: AnyToolDefinition;
  }>;
  readonly adapters: ReadonlyArray<Adapter>;
  readonly instructions: string;
  /** The results this server keeps, read by `query_results` and by library users. */
  readonly results: KeptResults;
  /** A fresh SDK server with every tool, resource and prompt; the serving entries call it per request or connection. */
  createMcpServer(request?: McpRequestContext): McpServer;
  /** Calls a data tool in process, without the protocol: the same envelope a client receives. */
  callTool(name: string, args: unknown, options?: CallOptions): Promise<Envelope>;
  /** The full text of a query an answer showed in short form, by its SHA-256, while it is held. */
  queryText(sha256: string): string | undefined;
  close(): Promise<void>;
}

// Tools, prompts and templates are fixed for the life of a server: clients may keep the lists.
const LIST_CACHE: CacheHint = { ttlMs: 3_600_000, cacheScope: 'public' };
const LIST_CACHE_HINTS = {
  'tools/list': LIST_CACHE,
  'prompts/list': LIST_CACHE,
  'resources/list': LIST_CACHE,
  'resources/templates/list': LIST_CACHE,
  'server/discover': LIST_CACHE,
};

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
  // A budget needs somewhere to count even without a shared store: this process's memory.
  const store =
    options.store ?? (options.upstreamBudgets ? createMemoryStore({ maxEntries: 10_000 }) : undefined);

  const services = new Map<string, { http: HttpClient; cache: TtlCache; logger: Logger }>();
  for (const adapter of adapters) {
    const adapterLogger = logger.child({ adapter: adapter.id });
    const httpOptions: HttpClientOptions = {
      ...options.http,
      // One cache folder per instance: each client bounds and evicts only the files it owns.
      cacheDir: join(options.http?.cacheDir ?? resourceCacheDir(accountCacheRoot()), adapter.id),
      ...(adapter.network ? { policy: adapter.network } : {}),
      ...(store ? { store } : {}),
      ...(options.upstreamBudgets ? { upstreamBudgets: options.upstreamBudgets } : {}),
      ...(options.telemetry ? { telemetry: options.telemetry } : {}),
      limits,
      logger: adapterLogger,
    };
    const http = (options.httpClient ?? ((_a, o) => createHttpClient(o)))(adapter, httpOptions);
    services.set(adapter.id, {
      http,
      // Another replica's load may take one attempt's timeout before it can be read.
      cache: createToolCache(adapter.id, store, limits.requestTimeoutMs, telemetry),
      logger: adapterLogger,
    });
  }

  const resultsOf = (client: string | undefined) => (client ? results.forClient(client) : results);
  const contextFor = (
    adapter: Adapter,
    signal: AbortSignal,
    progress?: ProgressReporter,
    client?: string,
  ): ToolContext => {
    const service = services.get(adapter.id);
    if (!service) throw new CompositionError(`Adapter "${adapter.id}" is not part of this server.`);
    return {
      adapterId: adapter.id,
      ...service,
      clock,
      signal,
      limits,
      results: resultsOf(client),
      progress: async (update) => {
        await progress?.(update);
      },
    };
  };

  const statusTool = createApiStatusTool(adapters, (a, s) => contextFor(a, s), ledger);
  const coreAdapter = { id: 'core' } as Adapter;
  const composedName = new Map(composed.map((t) => [`${t.adapter.id}\u0000${t.tool.name}`, t.name]));
  // Only when some backend can search: a search over nothing would only mislead.
  const searchTool = adapters.some((a) => a.search)
    ? [
        {
          name: 'search_all',
          tool: createSearchAllTool(
            adapters,
            (a, s) => contextFor(a, s),
            (adapter, local) => composedName.get(`${adapter.id}\u0000${local}`) ?? local,
          ),
          adapter: coreAdapter,
        },
      ]
    : [];
  // Only when some backend maps places: the codes per backend are what the tool is for.
  const placeTool = adapters.some((a) => a.places)
    ? [
        {
          name: 'resolve_place',
          tool: createResolvePlaceTool(adapters, (a, s) => contextFor(a, s)),
          adapter: coreAdapter,
        },
      ]
    : [];
  const tools: ComposedTool[] = [
    { name: 'api_status', tool: statusTool, adapter: coreAdapter },
    ...searchTool,
    ...placeTool,
    ...extensionTools.map((tool) => ({ name: tool.name, tool, adapter: coreAdapter })),
    ...composed,
  ];
  const byName = new Map(tools.map((t) => [t.name, t]));
  // Extension resources are registered like an adapter's, read with the server's own context.
  const extensionHosts = extensions
    .filter((extension) => (extension.resources ?? []).length > 0)
    .map((extension) => ({ ...coreAdapter, resources: [...(extension.resources ?? [])] }) as Adapter);
  const instructions = mergeInstructions(adapters, extensions);
  const queryTexts = createQueryTexts();

  async function execute(
    entry: ComposedTool,
    args: unknown,
    options: CallOptions,
    onImages?: (images: ImageContent[]) => void,
  ): Promise<Envelope> {
    if (entry.tool.kind !== 'data')
      throw new Error(`Tool ${entry.name} answers with content, not an envelope.`);
    const tool = entry.tool;
    const adapter = entry.adapter.id === 'core' ? undefined : entry.adapter;
    const started = performance.now();
    const envelope = await withRequestId(currentRequestId() ?? newRequestId(), () =>
      withDeadline(options.signal, limits.callDeadlineMs, async (signal) => {
        const ctx = adapter
          ? contextFor(adapter, signal, options.onProgress, options.client)
          : coreContext(signal, options.onProgress, options.client);
        const answer = await runDataTool(tool, args, ctx, entry.name, queryTexts.remember, onImages);
        if (answer.ok && adapter) ledger.recordSuccess(adapter.id, clock.now());
        return answer;
      }),
    );
    telemetry.toolCall(
      entry.name,
      envelope.ok ? 'ok' : envelope.error.code,
      (performance.now() - started) / 1000,
    );
    return envelope;
  }

  // `api_status` belongs to no adapter; it borrows the first adapter's services, or these when there is none.
  let coreServices: { http: HttpClient; cache: TtlCache; logger: Logger } | undefined;
  function coreContext(signal: AbortSignal, progress?: ProgressReporter, client?: string): ToolContext {
    const first = adapters[0];
    if (first) return { ...contextFor(first, signal, progress, client), adapterId: 'core' };
    coreServices ??= {
      http: createHttpClient({ limits, logger }),
      cache: createTtlCache({ maxEntries: 1 }),
      logger,
    };
    return {
      adapterId: 'core',
      ...coreServices,
      clock,
      signal,
      limits,
      results: resultsOf(client),
      progress: async (update) => {
        await progress?.(update);
      },
    };
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
        const onProgress = progressReporter(sdk);
        if (tool.kind === 'data') {
          let images: ImageContent[] = [];
          const envelope = await execute(
            entry,
            args,
            { signal: sdk.mcpReq.signal, onProgress, client },
            (drawn) => {
              images = drawn;
            },
          );
          return toCallToolResult(envelope, images);
        }
        const started = performance.now();
        const parsed = tool.input.safeParse(args ?? {});
        if (!parsed.success) {
          const refusal = explainInvalidInput(tool, entry.name, parsed.error);
          telemetry.toolCall(entry.name, 'invalid_input', (performance.now() - started) / 1000);
          return { content: [{ type: 'text', text: `${refusal.message} ${refusal.hint}` }], isError: true };
        }
        const result = await withRequestId(currentRequestId() ?? newRequestId(), () =>
          withDeadline(sdk.mcpReq.signal, limits.callDeadlineMs, (signal) =>
            tool.execute(
              parsed.data,
              sealer.contextFor(
                // A server extension's tool belongs to no adapter: it runs with the server's own context.
                entry.adapter.id === 'core'
                  ? coreContext(signal, onProgress, client)
                  : contextFor(entry.adapter, signal, onProgress, client),
                sdk,
              ),
            ),
          ),
        );
        // Content tools answer in their own shape: an error is all that can be told apart.
        const outcome = 'isError' in result && result.isError ? 'error' : 'ok';
        telemetry.toolCall(entry.name, outcome, (performance.now() - started) / 1000);
        return result;
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
        extensionHosts.includes(adapter)
          ? coreContext(sdk.mcpReq.signal, undefined, client)
          : contextFor(adapter, sdk.mcpReq.signal, undefined, client),
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
      adapterId: t.adapter.id,
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
      return execute(entry, args, callOptions, callOptions.onImages);
    },
    async close() {
      await Promise.allSettled(adapters.map((a) => a.close?.()));
      // After the adapters, which may still send a last request while closing.
      const clients = [...services.values(), ...(coreServices ? [coreServices] : [])].map((s) => s.http);
      await Promise.allSettled(clients.map((http) => http.close?.()));
      await Promise.allSettled(extensions.map((e) => e.close?.(results)));
      if (ownsResults) await results.close();
    },
  };
}

function isKeptResults(value: KeptResultsOptions | KeptResults | undefined): value is KeptResults {
  return value !== undefined && typeof (value as KeptResults).keep === 'function';
}
