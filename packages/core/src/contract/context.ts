import type { ServerContext } from '@modelcontextprotocol/server';
import type { TtlCache } from '../cache/ttl-cache.js';
import type { HttpClient } from '../http/http-types.js';
import type { Logger } from '../log/logger.js';
import type { KeptResults } from '../results/kept-results.js';
import type { Limits } from './limits.js';

export interface Clock {
  now(): Date;
}

export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

/**
 * Everything a tool may do with a side effect, injected so tests and library users can swap it.
 * Nothing below the CLI reads the environment: configuration arrives through here.
 */
export interface ToolContext {
  /** The adapter instance answering (its configured id). */
  adapterId: string;
  /** The guarded HTTP client for this adapter instance. */
  http: HttpClient;
  /** Metadata cache shared by this adapter instance's tools. */
  cache: TtlCache;
  clock: Clock;
  logger: Logger;
  /** Aborted when the client cancels the call or the call deadline passes. */
  signal: AbortSignal;
  /** Reports progress to the client when it asked for it; otherwise a no-op. */
  progress(update: ProgressUpdate): Promise<void>;
  limits: Limits;
  /** The results this server keeps: tools that read earlier answers (`query_results`) use it. */
  results: KeptResults;
}

/**
 * The context of a protocol-level handler (content tool, resource read, prompt): the tool
 * context plus the SDK's request context, for what lies beyond the answer envelope (client
 * logging, `inputRequired` round trips and the answers a retried request carries).
 */
export interface RequestContext extends ToolContext {
  request: ServerContext;
  /**
   * Seals a JSON value into an integrity-protected `requestState` for `inputRequired(...)`.
   * A retried request with a forged or expired state is refused before the handler runs; the
   * handler reads the verified value back with `ctx.request.mcpReq.requestState()`.
   */
  sealRequestState(payload: unknown): Promise<string>;
}
