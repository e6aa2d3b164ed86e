import type { CacheOutcome } from '../cache/ttl-cache.js';

/**
 * What the server reports about its own work, for metrics. Core calls it; an exporter (Prometheus
 * by default on the HTTP transport) decides what to keep. Every method must be cheap and never throw.
 */
export interface Telemetry {
  /** One finished tool call: `outcome` is `ok` or the error code of its answer. */
  toolCall(tool: string, outcome: string, seconds: number): void;
  /** One answer from an upstream host (each redirect hop counts), or `error` when none arrived. */
  upstreamResponse(host: string, status: number | 'error'): void;
  /** One metadata cache lookup, by cache (`http` responses or `tool` values) and outcome. */
  cacheLookup(cache: 'http' | 'tool', outcome: CacheOutcome): void;
}

export const noTelemetry: Telemetry = {
  toolCall: () => {},
  upstreamResponse: () => {},
  cacheLookup: () => {},
};
