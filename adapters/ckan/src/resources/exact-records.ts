import type { RecordField } from '@opendata-mcp/tabular';
import { isLosslessNumber, stringify } from 'lossless-json';

export interface ExactRecords {
  fields: RecordField[];
  records: Array<Record<string, unknown>>;
  notes: string[];
}

/** Portal types loaded as DOUBLE: the ones whose values may hold more digits than a double keeps. */
const DOUBLE_TYPES = /^(numeric|decimal|number)$/i;
const INTEGER = /^-?\d+$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

const fitsInt64 = (text: string) => {
  const value = BigInt(text);
  return value >= INT64_MIN && value <= INT64_MAX;
};

/**
 * A DataStore value as the engine takes it: a number past a double's precision as its digits (DuckDB
 * reads them exactly into BIGINT or VARCHAR), a JSON value as its text with its numbers as written.
 */
function exactValue(value: unknown): unknown {
  if (isLosslessNumber(value)) return value.toString();
  if (typeof value === 'object' && value !== null) return stringify(value);
  return value;
}

/**
 * The type a column is loaded as so that no value changes: a `numeric` column holding an integer a
 * double rounds becomes BIGINT when every value is an integer that fits, text otherwise (an exact
 * decimal the model can cast). Other columns keep the portal's type.
 */
function exactType(field: RecordField, values: unknown[]): { type: string | null; note?: string } {
  const type = field.type ?? null;
  if (!DOUBLE_TYPES.test(type ?? '') || !values.some(isLosslessNumber)) return { type };
  const texts = values.filter((v) => v !== null && v !== undefined).map(String);
  if (texts.every((text) => INTEGER.test(text) && fitsInt64(text))) return { type: 'int8' };
  return {
    type: 'text',
    note: `Column "${field.id}" holds numbers with more digits than a double keeps; it is loaded as exact text: cast it (::DECIMAL(38, 10)) to compute.`,
  };
}

/**
 * DataStore records parsed with `exactNumbers`, made ready for the engine without rounding: integers
 * past 2^53 stay exact in BIGINT columns, and a numeric column that a double would change is loaded
 * in a type that keeps every digit.
 */
export function exactRecords(fields: RecordField[], records: Array<Record<string, unknown>>): ExactRecords {
  const notes: string[] = [];
  const typed = fields.map((field) => {
    const { type, note } = exactType(
      field,
      records.map((record) => record[field.id]),
    );
    if (note) notes.push(note);
    return { id: field.id, type };
  });
  const exact = records.map((record) => {
    const row: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) row[key] = exactValue(value);
    return row;
  });
  return { fields: typed, records: exact, notes };
}
