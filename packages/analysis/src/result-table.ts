import type { KeptResult } from '@opendata-mcp/core';
import type { TableInput } from '@opendata-mcp/tabular';
import { isPeriodColumn, periodStart } from './period-start.js';

export interface ResultTable {
  table: TableInput;
  /** Columns added beside the kept ones, to say so in the answer's notes. */
  added: string[];
}

/**
 * A kept result as a table for SQL, under the agent's name: the kept columns as they are, then for a
 * column of coded values its labels as `<column>_label`, and for a column of periods the date each
 * period starts on as `<column>_start` (DATE), so periods of one form or another join and sort.
 * A derived name that a kept column already has is left out.
 */
export function resultTable(name: string, result: KeptResult): ResultTable {
  const { columns, rows, labels } = result.table;
  const taken = new Set(columns.map((column) => column.name.toLowerCase()));
  const extra: Array<{ name: string; type: string; value: (row: unknown[]) => unknown }> = [];
  const add = (column: string, type: string, value: (row: unknown[]) => unknown) => {
    if (taken.has(column.toLowerCase())) return;
    taken.add(column.toLowerCase());
    extra.push({ name: column, type, value });
  };
  columns.forEach((column, i) => {
    const names = labels[column.name];
    if (names && Object.keys(names).length > 0) {
      add(`${column.name}_label`, 'VARCHAR', (row) => names[String(row[i])] ?? null);
    }
    if (column.type !== 'VARCHAR') return;
    // A column holds few distinct periods however long it is: each is read once.
    const distinct = new Set<unknown>(rows.map((row) => row[i] ?? null));
    if (isPeriodColumn(column.name, [...distinct])) {
      const starts = new Map(
        [...distinct].map((value) => [value, typeof value === 'string' ? periodStart(value) : null]),
      );
      add(`${column.name}_start`, 'DATE', (row) => starts.get(row[i] ?? null) ?? null);
    }
  });
  return {
    table: {
      name,
      columns: [...columns, ...extra.map(({ name: column, type }) => ({ name: column, type }))],
      rows: extra.length === 0 ? rows : rows.map((row) => [...row, ...extra.map((e) => e.value(row))]),
    },
    added: extra.map((e) => e.name),
  };
}
