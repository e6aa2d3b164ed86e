import type { DataFormatRequest, RegistryProfile } from './registry-profile.js';

const FORMAT_COLUMNS: Array<[string, DataFormatRequest['format']]> = [
  ['CSV', 'csv'],
  ['SDMX-ML (structure-specific)', 'sdmx-ml-structure-specific'],
  ['SDMX-ML (generic)', 'sdmx-ml-generic'],
  ['SDMX-JSON', 'sdmx-json'],
];

/** How a format is asked for: its `format=` value, the Accept header alone, or not at all. */
function howAsked(profile: RegistryProfile, format: DataFormatRequest['format']): string {
  const request = profile.dataFormats.find((f) => f.format === format);
  if (!request) return '—';
  return request.param === null ? 'Accept' : `format=${request.param}`;
}

function known(value: boolean | null): string {
  return value === null ? '?' : value ? 'yes' : 'no';
}

/** A Markdown table with every column padded to its widest cell, as a formatter would write it. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The registry table of the adapter's README: what each built-in profile states. */
export function profileTable(profiles: readonly RegistryProfile[]): string {
  return markdownTable(
    [
      'registry',
      'base URL',
      'agency',
      ...FORMAT_COLUMNS.map(([title]) => title),
      'references',
      'latest',
      'lastNObservations',
      'availableconstraint',
    ],
    profiles.map((p) => [
      `\`${p.id}\` ${p.title}`,
      p.url,
      p.agency ?? 'all',
      ...FORMAT_COLUMNS.map(([, format]) => howAsked(p, format)),
      p.structureReferences,
      known(p.supports.latest),
      known(p.supports.lastNObservations),
      known(p.supports.availableConstraint),
    ]),
  );
}

/** The short list for the project's README: the name to configure, the registry, its default agency. */
export function registryNameTable(profiles: readonly RegistryProfile[]): string {
  return markdownTable(
    ['`registry`', 'SDMX registry', 'default agency'],
    profiles.map((p) => [`\`${p.id}\``, p.title, p.agency ?? 'all']),
  );
}
