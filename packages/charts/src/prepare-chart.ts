import { type Cell, OpenDataError } from '@opendata-mcp/core';
import type { ChartLimits } from './chart-limits.js';
import type { ChartSpec } from './chart-spec.js';
import { type ChartTable, type ColumnKind, columnKind } from './chart-table.js';
import { LabelCutter } from './cut-labels.js';

/** One plotted point. Fields have fixed names so that no column name needs escaping in the spec. */
export interface ChartPoint {
  x: string | number;
  y: number;
  series?: string;
}

/** A spec checked against its table: the points to draw and what the columns hold. */
export interface PreparedChart {
  spec: ChartSpec;
  points: ChartPoint[];
  xKind: ColumnKind;
  /** Series names in order of first appearance; empty without a series column. */
  series: string[];
  /** Rows left out because their x or y (or series) was empty. */
  skippedRows: number;
  /** Distinct x labels and series names drawn cut to `MAX_LABEL_CHARS`. */
  cutLabels: number;
  citations: string[];
  /** Units of the x and y columns, where the table states them. */
  units?: { x?: string; y?: string };
}

/** Checks a spec against a table and the limits; every refusal names what would be accepted. */
export function prepareChart(table: ChartTable, spec: ChartSpec, limits: ChartLimits): PreparedChart {
  const names = table.columns.map((column) => column.name);
  const index = (role: string, name: string): number => {
    const at = names.indexOf(name);
    if (at >= 0) return at;
    // SQL reads names regardless of case, so "TIME_PERIOD" finds "time_period" when only one column fits.
    const folded = names.flatMap((n, i) => (n.toLowerCase() === name.toLowerCase() ? [i] : []));
    if (folded.length === 1) return folded[0]!;
    throw new OpenDataError('invalid_input', `The ${role} column "${shortName(name)}" is not in the table.`, {
      hint: `Columns of this table: ${describeColumns(table)}.`,
      details: { column: shortName(name), columns: names },
    });
  };
  const xAt = index('x', spec.x);
  const yAt = index('y', spec.y);
  const seriesAt = spec.series === undefined ? undefined : index('series', spec.series);
  const valuesOf = (at: number) => table.rows.map((row) => row[at] ?? null);

  const yColumn = table.columns[yAt]!;
  if (columnKind(yColumn, valuesOf(yAt)) !== 'number') {
    const numeric = table.columns.filter((column, at) => columnKind(column, valuesOf(at)) === 'number');
    throw new OpenDataError('invalid_input', `The y column "${spec.y}" does not hold numbers.`, {
      hint:
        numeric.length > 0
          ? `Columns with numbers: ${numeric.map((column) => column.name).join(', ')}.`
          : 'This table has no column of numbers; compute one (a count, a value cast to a number) first.',
    });
  }
  const xKind = columnKind(table.columns[xAt]!, valuesOf(xAt));

  const points: ChartPoint[] = [];
  const series = new Set<string>();
  const xLabels = new LabelCutter();
  const seriesNames = new LabelCutter();
  let skippedRows = 0;
  for (const row of table.rows) {
    const x = row[xAt] ?? null;
    const y = toNumber(row[yAt] ?? null);
    const name = seriesAt === undefined ? undefined : (row[seriesAt] ?? null);
    if (x === null || typeof x === 'boolean' || y === null || name === null) {
      skippedRows += 1;
      continue;
    }
    const point: ChartPoint = { x: xKind === 'number' ? Number(x) : xLabels.cut(String(x)), y };
    if (name !== undefined) {
      point.series = seriesNames.cut(String(name));
      series.add(point.series);
    }
    points.push(point);
  }

  if (points.length === 0) {
    throw new OpenDataError('no_data', 'No row of this table has both an x and a y value to draw.', {
      hint: `Check the columns chosen (x "${spec.x}", y "${spec.y}"); the table has ${table.rows.length} rows.`,
    });
  }
  if (points.length > limits.maxPoints) {
    throw new OpenDataError(
      'resource_too_large',
      `The chart would draw ${points.length} points; at most ${limits.maxPoints} are drawn.`,
      {
        hint: 'Filter or aggregate the table first (fewer series, a shorter period or a coarser one).',
        details: { points: points.length, max_points: limits.maxPoints },
      },
    );
  }
  if (series.size > limits.maxSeries) {
    throw new OpenDataError(
      'resource_too_large',
      `The series column "${spec.series}" has ${series.size} distinct values; at most ${limits.maxSeries} series are drawn.`,
      {
        hint: 'Keep fewer series (filter the rows) or choose a series column with fewer values.',
        details: { series: series.size, max_series: limits.maxSeries },
      },
    );
  }
  return {
    spec,
    points,
    xKind,
    series: [...series],
    skippedRows,
    cutLabels: xLabels.cutCount + seriesNames.cutCount,
    citations: table.citations,
    units: unitsOf(table, names[xAt] ?? '', names[yAt] ?? ''),
  };
}

function unitsOf(table: ChartTable, x: string, y: string): PreparedChart['units'] {
  const units = table.units ?? {};
  return {
    ...(units[x] !== undefined ? { x: units[x] } : {}),
    ...(units[y] !== undefined ? { y: units[y] } : {}),
  };
}

function toNumber(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  // Wide integers and decimals may arrive as strings to keep their precision.
  if (typeof cell === 'string' && cell.trim() !== '' && Number.isFinite(Number(cell))) return Number(cell);
  return null;
}

function describeColumns(table: ChartTable): string {
  return table.columns.map((column) => `${column.name} (${column.type})`).join(', ');
}

/** Names come from the caller: shown back only in a bounded form. */
function shortName(name: string): string {
  return name.length > 60 ? `${name.slice(0, 60)}…` : name;
}
