import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlIdentifier, sqlString } from '../loading/sql-literal.js';
import { aggregateRow, HEAD_SAMPLE, type TableColumn } from './table-stats.js';

/** One way of writing numbers with digit groups. Patterns match a whole trimmed value (RE2). */
interface Convention {
  label: string;
  /** A value written with at least one digit group. */
  grouped: string;
  /** Any value the convention reads: grouped, or plain digits (no leading zeros: codes stay text). */
  full: string;
  /** A value the other reading of the same marks cannot explain; null when grouping alone decides. */
  evidence: string | null;
  /** The decimal part, to choose DOUBLE over BIGINT. */
  decimal: string;
  toNumber: (value: string) => string;
}

const SPACES = ' \u00a0\u202f\u2009';
const APOSTROPHES = "'\u2019";
const PLAIN = '0|[1-9][0-9]*';

function groupedWith(separator: string, decimals: string) {
  const grouped = `[-+]?[1-9][0-9]{0,2}(${separator}[0-9]{3})+(${decimals}[0-9]+)?`;
  const full = `[-+]?([1-9][0-9]{0,2}(${separator}[0-9]{3})+|${PLAIN})(${decimals}[0-9]+)?`;
  return { grouped, full };
}

const CONVENTIONS: Convention[] = [
  {
    label: 'comma thousands, dot decimals',
    ...groupedWith(',', '\\.'),
    // "1,234" alone may be a decimal comma; a dot or a second comma settles it.
    evidence: '[.]|,.*,',
    decimal: '[.]',
    toNumber: (value) => `replace(${value}, ',', '')`,
  },
  {
    label: 'dot thousands, comma decimals',
    ...groupedWith('\\.', ','),
    evidence: ',|[.].*[.]',
    decimal: ',',
    toNumber: (value) => `replace(replace(${value}, '.', ''), ',', '.')`,
  },
  {
    label: 'space thousands',
    ...groupedWith(`[${SPACES}]`, '[.,]'),
    evidence: null,
    decimal: '[.,]',
    toNumber: (value) => `replace(regexp_replace(${value}, ${sqlString(`[${SPACES}]`)}, '', 'g'), ',', '.')`,
  },
  {
    label: 'apostrophe thousands',
    ...groupedWith(`[${APOSTROPHES}]`, '[.,]'),
    evidence: null,
    decimal: '[.,]',
    toNumber: (value) =>
      `replace(regexp_replace(${value}, ${sqlString(`[${APOSTROPHES}]`)}, '', 'g'), ',', '.')`,
  },
];

// Cheap first pass: only columns made of digits, signs and separators get the detailed count.
const NUMBER_LIKE = `[-+]?[0-9][0-9.,${SPACES}${APOSTROPHES}]*`;

const trimmed = (column: string) => `trim(${sqlIdentifier(column)})`;
const matches = (value: string, pattern: string) => `regexp_full_match(${value}, ${sqlString(pattern)})`;

async function numberLikeColumns(
  connection: DuckDBConnection,
  columns: string[],
  from = 'data',
): Promise<string[]> {
  if (columns.length === 0) return [];
  const stats = await aggregateRow(
    connection,
    columns.flatMap((name, index) => {
      const value = trimmed(name);
      return [
        `count(*) FILTER (WHERE ${value} <> '') AS n_${index}`,
        `count(*) FILTER (WHERE ${matches(value, NUMBER_LIKE)}) AS like_${index}`,
      ];
    }),
    from,
  );
  return columns.filter((_, index) => {
    const n = Number(stats[`n_${index}`]);
    return n > 0 && Number(stats[`like_${index}`]) === n;
  });
}

interface Reading {
  convention: Convention;
  decided: boolean;
  integer: boolean;
  example: string;
}

async function readingsOf(connection: DuckDBConnection, column: string): Promise<Reading[]> {
  const value = trimmed(column);
  const stats = await aggregateRow(connection, [
    `count(*) FILTER (WHERE ${value} <> '') AS n`,
    `max(length(regexp_replace(${value}, '[^0-9]', '', 'g'))) AS digits`,
    `count(*) FILTER (WHERE regexp_matches(${value}, '[.][0-9]+$')) AS dots`,
    `count(*) FILTER (WHERE regexp_matches(${value}, ',[0-9]+$')) AS commas`,
    ...CONVENTIONS.flatMap((convention, index) => [
      `count(*) FILTER (WHERE ${matches(value, convention.full)}) AS full_${index}`,
      `count(*) FILTER (WHERE ${matches(value, convention.grouped)}) AS grouped_${index}`,
      `min(${value}) FILTER (WHERE ${matches(value, convention.grouped)}) AS example_${index}`,
      `count(*) FILTER (WHERE regexp_matches(${value}, ${sqlString(convention.evidence ?? '$^')})) AS evidence_${index}`,
      `count(*) FILTER (WHERE regexp_matches(${value}, ${sqlString(`${convention.decimal}[0-9]+$`)})) AS decimals_${index}`,
    ]),
  ]);
  const n = Number(stats.n);
  return CONVENTIONS.flatMap((convention, index) => {
    const count = (key: string) => Number(stats[`${key}_${index}`]);
    if (count('full') !== n || count('grouped') === 0) return [];
    // Space and apostrophe groups never mean decimals, but both decimal marks in one column do not add up.
    const decided = convention.evidence
      ? count('evidence') > 0
      : Number(stats.dots) === 0 || Number(stats.commas) === 0;
    const integer = count('decimals') === 0 && Number(stats.digits) <= 18;
    return [{ convention, decided, integer, example: String(stats[`example_${index}`]) }];
  });
}

/**
 * Text columns whose every value is a number written with digit groups ("6,200.00", "1.234,5",
 * "12 500") become numeric. A column is converted only when exactly one convention reads all of its
 * values and something in the column rules the other reading out; otherwise it stays text and a
 * note says why. Returns the notes.
 */
export async function convertGroupedNumbers(
  connection: DuckDBConnection,
  columns: TableColumn[],
): Promise<string[]> {
  const text = columns.filter((column) => column.type === 'VARCHAR').map((column) => column.name);
  if (text.length === 0) return [];
  const converted: string[] = [];
  const replacements: string[] = [];
  const ambiguous: Array<{ column: string; reading: Reading }> = [];
  // The head of the table rules most text columns out cheaply; only the rest are scanned in full.
  const candidates = await numberLikeColumns(connection, text, HEAD_SAMPLE);
  for (const column of await numberLikeColumns(connection, candidates)) {
    const readings = await readingsOf(connection, column);
    const decided = readings.filter((reading) => reading.decided);
    const chosen = decided.length === 1 ? decided[0] : undefined;
    if (chosen) {
      const value = trimmed(column);
      const cast = `CAST(${chosen.convention.toNumber(value)} AS ${chosen.integer ? 'BIGINT' : 'DOUBLE'})`;
      replacements.push(`CASE WHEN ${value} = '' THEN NULL ELSE ${cast} END AS ${sqlIdentifier(column)}`);
      converted.push(`"${column}" (${chosen.convention.label}, e.g. "${chosen.example}")`);
    } else if (readings[0]) {
      ambiguous.push({ column, reading: readings[0] });
    }
  }
  if (replacements.length > 0) {
    await connection.run(
      `CREATE OR REPLACE TABLE data AS SELECT * REPLACE (${replacements.join(', ')}) FROM data`,
    );
  }
  const notes: string[] = [];
  if (converted.length > 0) {
    notes.push(`Numbers written with thousands separators were read as numbers: ${converted.join('; ')}.`);
  }
  const [first] = ambiguous;
  if (first) {
    const listed = ambiguous.map(({ column, reading }) => `"${column}" (e.g. "${reading.example}")`);
    const asThousands = `CAST(${first.reading.convention.toNumber(trimmed(first.column))} AS DOUBLE)`;
    notes.push(
      `Kept as text because the separators could be thousands or decimal marks: ${listed.join('; ')}. If they are thousands (${first.reading.convention.label}), convert in SQL, e.g. ${asThousands}.`,
    );
  }
  return notes;
}
