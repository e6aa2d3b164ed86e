/** A column as a portal declares it (CKAN DataStore fields). */
export interface RecordField {
  id: string;
  /** The portal's type name (CKAN DataStore: text, numeric, int4, float8, timestamp, bool, json …). */
  type?: string | null;
}

const TYPE_MAP: Array<[RegExp, string]> = [
  [/^(int|int2|int4|int8|integer|bigint|smallint|serial)$/i, 'BIGINT'],
  [/^(numeric|decimal|float|float4|float8|double|double precision|real|number)$/i, 'DOUBLE'],
  [/^(bool|boolean)$/i, 'BOOLEAN'],
  [/^date$/i, 'DATE'],
  [/^(timestamp|timestamptz|datetime)$/i, 'TIMESTAMP'],
];

/** The DuckDB type a declared portal type is loaded as; text for anything not listed. */
export function duckType(type: string | null | undefined): string {
  return TYPE_MAP.find(([pattern]) => pattern.test((type ?? '').trim()))?.[1] ?? 'VARCHAR';
}
