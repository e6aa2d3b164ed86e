import { OpenDataError } from '../errors/opendata-error.js';
import type { Cell, RecordCell } from './columnar-table.js';

/**
 * Orders records by one column (`"value"` ascending, `"-value"` descending), nulls last either way,
 * so that `sort` with `limit` gives a top-N. A column the records do not have is refused by name.
 */
export function sortRecords<Row extends Record<string, RecordCell>>(
  records: Row[],
  sort: string | undefined,
  columns: string[],
): Row[] {
  if (!sort) return records;
  const descending = sort.startsWith('-');
  const column = descending ? sort.slice(1) : sort;
  if (!columns.includes(column)) {
    throw new OpenDataError('invalid_input', `Cannot sort by "${column.slice(0, 60)}": no such column.`, {
      hint: `Sort by one of: ${columns.join(', ')}; put - in front for descending, e.g. "-${columns.at(-1) ?? 'value'}".`,
      details: { columns },
    });
  }
  const key = (row: Row): Cell => {
    const cell = row[column] ?? null;
    return cell !== null && typeof cell === 'object' ? cell.code : cell;
  };
  return [...records].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return descending ? -order : order;
  });
}

/** Keeps the chosen columns, in the order given; an unknown name is refused with the valid ones. */
export function chooseColumns(available: string[], chosen: string[] | undefined): string[] {
  if (!chosen || chosen.length === 0) return available;
  const unknown = chosen.filter((c) => !available.includes(c));
  if (unknown.length > 0) {
    throw new OpenDataError(
      'invalid_input',
      `Unknown column(s): ${unknown.map((c) => `"${c.slice(0, 60)}"`).join(', ')}.`,
      {
        hint: `Choose among: ${available.join(', ')}.`,
        details: { columns: available },
      },
    );
  }
  return [...new Set(chosen)];
}
