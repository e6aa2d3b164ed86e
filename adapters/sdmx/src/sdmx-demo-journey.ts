import type { DemoJourney, SuccessEnvelope } from '@opendata-mcp/core';

interface IndicatorHit {
  code: string;
  label: string;
  flow_id: string;
  evidence: string;
}

interface Labelled {
  code: string;
  label: string;
}

function topHit(previous: SuccessEnvelope[]): IndicatorHit {
  const hits = (previous[0]?.indicators ?? []) as IndicatorHit[];
  return hits[0] ?? { code: 'CME_MRY0T4', label: 'Under-five mortality rate', flow_id: 'CME', evidence: '' };
}

function unitText(envelope: SuccessEnvelope): string {
  return (envelope.unit as Labelled | null)?.label ?? '(no unit stated)';
}

function defaultsText(envelope: SuccessEnvelope): string {
  const defaults = envelope.defaults_applied as Array<{ dimension: string; label: string }>;
  return defaults.length > 0
    ? ` [defaults: ${defaults.map((d) => `${d.dimension}=${d.label}`).join(', ')}]`
    : '';
}

function valueLine(envelope: SuccessEnvelope): string {
  if (envelope.status !== 'ok') return `  ${envelope.status}: ${envelope.message}`;
  const area = (envelope.series as Record<string, Labelled>).REF_AREA?.label ?? '?';
  return `  ${area} ${envelope.period}: ${envelope.value} ${unitText(envelope)}${defaultsText(envelope)}`;
}

/**
 * Four questions a person asks of UNICEF's child mortality figures, answered through the compact
 * tools from words alone: a value by labels, a region's members, a latest value, and an abstention.
 */
export const sdmxDemoJourney: DemoJourney = {
  title: 'Under-five mortality from words: a value, a region, the latest, and an honest "no data" (UNICEF)',
  adapterType: 'sdmx',
  steps: [
    {
      tool: 'find_indicators',
      args: { query: 'under-five mortality', limit: 3 },
      summarize(envelope) {
        const hits = envelope.indicators as IndicatorHit[];
        return hits.map((h) => `  ${h.code} «${h.label}» in ${h.flow_id} (${h.evidence})`).join('\n');
      },
    },
    {
      tool: 'get_indicator_value',
      args: (previous) => ({
        flow_id: topHit(previous).flow_id,
        filters: { indicator: 'under-five mortality', sex: 'girls', area: 'Brazil' },
        period: '2020',
      }),
      summarize: valueLine,
    },
    {
      tool: 'get_indicator_table',
      args: (previous) => ({
        flow_id: topHit(previous).flow_id,
        filters: { indicator: topHit(previous).code },
        period: '2020',
        within: 'Sub-Saharan Africa (UNICEF Rep.Regions)',
      }),
      summarize(envelope) {
        const labels = (envelope.labels as Record<string, Record<string, string>>).REF_AREA ?? {};
        const rows = envelope.rows as Array<[string, string, number]>;
        const within = envelope.within as Labelled & { members: number };
        return [
          `  members of ${within.label}: ${within.members}`,
          ...rows.map(
            ([code, period, value]) => `  ${labels[code] ?? code} ${period}: ${value} ${unitText(envelope)}`,
          ),
        ].join('\n');
      },
    },
    {
      tool: 'get_indicator_value',
      args: (previous) => ({
        flow_id: topHit(previous).flow_id,
        filters: { indicator: topHit(previous).code, area: 'Brazil' },
        period: 'latest',
      }),
      summarize: valueLine,
    },
    {
      tool: 'get_indicator_value',
      args: (previous) => ({
        flow_id: topHit(previous).flow_id,
        filters: { indicator: topHit(previous).code, area: 'United States', 'wealth quintile': 'lowest' },
        period: '2020',
      }),
      summarize: valueLine,
    },
  ],
};
