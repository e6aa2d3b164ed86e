/** A coded cell: the code as sent and its label (from the message or the code list), null when none is known. */
export interface CodedValue {
  code: string;
  label: string | null;
}

/** One observation, the same whatever message format it was read from. */
export interface Observation {
  /** Dimension codes in key order, joined with "." (the SDMX series key of the observation). */
  series_key: string;
  dimensions: Record<string, CodedValue>;
  /** The time period as published; "" when the message has no time dimension. */
  time_period: string;
  /** OBS_VALUE exactly as published; null when the cell is empty or missing. */
  obs_value: string | null;
  /** The published value as a number when it is one; null otherwise. */
  value: number | null;
  attributes: Record<string, CodedValue>;
}

/** Every data message format the adapter reads. */
export const DATA_FORMATS = [
  'sdmx-csv-1.0',
  'sdmx-csv-2.0',
  'code-label-columns',
  'sdmx-ml-2.1-generic',
  'sdmx-ml-2.1-structure-specific',
  'sdmx-ml-3.0-structure-specific',
  'sdmx-json-1.0',
  'sdmx-json-2.0',
] as const;
export type DataFormat = (typeof DATA_FORMATS)[number];

export interface ParsedData {
  /** The format the answer came in (the name kept from when only CSV was read). */
  dialect: DataFormat;
  observations: Observation[];
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The number a published value denotes; null for an empty cell, NaN markers or text. */
export function numberOf(published: string | null): number | null {
  if (published === null) return null;
  const trimmed = published.trim();
  return NUMBER.test(trimmed) ? Number(trimmed) : null;
}

/** The published text of a value given as a JSON number or string; null for null, "" or NaN. */
export function publishedOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  const text = String(value);
  return text === '' || text === 'NaN' ? null : text;
}
