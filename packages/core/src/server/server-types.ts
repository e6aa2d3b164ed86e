import type { ImageContent, McpRequestContext, McpServer } from '@modelcontextprotocol/server';
import type { Adapter, ResourceDefinition } from '../contract/adapter.js';
import type { Clock } from '../contract/context.js';
import type { Limits } from '../contract/limits.js';
import type { AnyToolDefinition } from '../contract/tool.js';
import type { Envelope } from '../envelope/envelope.js';
import type { HttpClientOptions } from '../http/create-http-client.js';
import type { HttpClient } from '../http/http-types.js';
import type { UpstreamBudgets } from '../http/upstream-budget.js';
import type { Logger } from '../log/logger.js';
import type { Telemetry } from '../observe/telemetry.js';
import type { KeptResults, KeptResultsOptions } from '../results/kept-results.js';
import type { SharedStore } from '../store/shared-store.js';
import type { AdapterEntry } from './compose-adapters.js';
import type { ProgressReporter } from './progress-reporter.js';

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
  /**
   * Stable names of origins whose address changes from run to run, written in their place in every
   * answer, source and kept result: `{"http://127.0.0.1:41234": "offline://sdmx"}` for an offline fixture.
   */
  originNames?: Readonly<Record<string, string>>;
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
