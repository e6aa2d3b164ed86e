import type { PrometheusMetrics, PrometheusMetricsOptions } from './prometheus-metrics.js';

export type { PrometheusMetrics, PrometheusMetricsOptions } from './prometheus-metrics.js';

/**
 * Prometheus metrics for a server, with prom-client imported only now: it costs a good part of a
 * start-up, and only a server that exposes `/metrics` needs it.
 */
export async function loadPrometheusMetrics(
  options: PrometheusMetricsOptions = {},
): Promise<PrometheusMetrics> {
  const { createPrometheusMetrics } = await import('./prometheus-metrics.js');
  return createPrometheusMetrics(options);
}
