import { createRequire } from 'node:module';
import { OpenDataError } from '@opendata-mcp/core';
import type { FlowComponent, FlowStructure } from './flow-structure.js';
import { pickText } from './pick-text.js';
import type { CodeInfo } from './structure-types.js';

// csv-parse is required on the first data answer rather than at server start.
const require = createRequire(import.meta.url);

export interface CodedValue {
  code: string;
  label: string | null;
}

export interface Observation {
  series_key: string;
  dimensions: Record<string, CodedValue>;
  time_period: string;
  /** OBS_VALUE exactly as published; null when the cell is empty. */
  obs_value: string | null;
  /** The published value as a number when it is one; null otherwise. */
  value: number | null;
  attributes: Record<string, CodedValue>;
}

export interface ParsedData {
  dialect: 'sdmx-csv-1.0' | 'code-label-columns';
  observations: Observation[];
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

interface Column {
  component: FlowComponent;
  kind: 'dimension' | 'time' | 'measure' | 'attribute';
  /** Index of the column holding this component's label, when the registry sends one. */
  labelAt: number | null;
  /** `labels=both` style: "CODE: Label" in the cell. */
  combined: boolean;
}

/**
 * Reads a CSV data answer in either form registries send: strict SDMX-CSV 1.0 (a DATAFLOW
 * column, then one column per component) or the code-and-label layout some registries use
 * for `format=csv` (each coded column followed by a column with its label). Columns are
 * recognised by component id, so their order does not matter.
 */
export function parseDataCsv(text: string, structure: FlowStructure, language: string): ParsedData {
  const { parse } = require('csv-parse/sync') as typeof import('csv-parse/sync');
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false });
  } catch {
    throw notCsv('the CSV does not parse (cut off or malformed)');
  }
  const header = rows[0];
  if (!header) throw notCsv('the answer is empty');
  const columns = mapColumns(header, structure);
  const time = columns.find((c) => c.kind === 'time');
  const measure = columns.find((c) => c.kind === 'measure');
  if (!time || !measure) throw notCsv('it has no time or observation-value column');
  const indexOf = new Map(columns.map((c) => [c, header.findIndex((h) => headerId(h) === c.component.id)]));
  const dimensionColumns = structure.dimensions
    .map((d) => columns.find((c) => c.component.id === d.id))
    .filter((c): c is Column => c !== undefined);
  const observations = rows.slice(1).map((row) => {
    const cell = (column: Column): CodedValue => coded(row, indexOf.get(column) ?? -1, column, language);
    const dimensions: Record<string, CodedValue> = {};
    for (const column of dimensionColumns) dimensions[column.component.id] = cell(column);
    const attributes: Record<string, CodedValue> = {};
    for (const column of columns) {
      if (column.kind !== 'attribute') continue;
      const value = cell(column);
      if (value.code !== '') attributes[column.component.id] = value;
    }
    const raw = row[indexOf.get(measure) ?? -1] ?? '';
    return {
      series_key: dimensionColumns.map((c) => dimensions[c.component.id]?.code ?? '').join('.'),
      dimensions,
      time_period: row[indexOf.get(time) ?? -1] ?? '',
      obs_value: raw === '' ? null : raw,
      value: NUMBER.test(raw.trim()) ? Number(raw) : null,
      attributes,
    };
  });
  return { dialect: header[0] === 'DATAFLOW' ? 'sdmx-csv-1.0' : 'code-label-columns', observations };
}

function headerId(cell: string): string {
  const colon = cell.indexOf(': ');
  return colon > 0 ? cell.slice(0, colon) : cell;
}

function mapColumns(header: string[], structure: FlowStructure): Column[] {
  const components: Array<[FlowComponent, Column['kind']]> = [
    ...structure.dimensions.map((d) => [d, 'dimension'] as [FlowComponent, Column['kind']]),
    ...structure.attributes.map((a) => [a, 'attribute'] as [FlowComponent, Column['kind']]),
  ];
  if (structure.timeDimension) components.push([structure.timeDimension, 'time']);
  if (structure.measure) components.push([structure.measure, 'measure']);
  const byId = new Map(components.map(([c, kind]) => [c.id, { c, kind }]));
  const columns: Column[] = [];
  header.forEach((cell, index) => {
    const known = byId.get(headerId(cell));
    if (known) {
      columns.push({ component: known.c, kind: known.kind, labelAt: null, combined: cell !== known.c.id });
      return;
    }
    // An unknown header right after a coded component is that component's label column.
    const previous = columns.at(-1);
    const previousIndex = previous ? header.findIndex((h) => headerId(h) === previous.component.id) : -1;
    if (previous && previousIndex === index - 1 && previous.labelAt === null) previous.labelAt = index;
  });
  return columns;
}

function coded(row: string[], index: number, column: Column, language: string): CodedValue {
  const raw = row[index] ?? '';
  if (column.combined) {
    const colon = raw.indexOf(': ');
    if (colon > 0) return { code: raw.slice(0, colon), label: raw.slice(colon + 2) };
  }
  const sent = column.labelAt === null ? '' : (row[column.labelAt] ?? '');
  if (sent !== '') return { code: raw, label: sent };
  const code = codeIndex(column.component).get(raw);
  return { code: raw, label: code ? pickText(code.names, language) : null };
}

// A code list can hold thousands of codes; index each once rather than scanning it per cell.
const indexes = new WeakMap<FlowComponent, Map<string, CodeInfo>>();
function codeIndex(component: FlowComponent): Map<string, CodeInfo> {
  let index = indexes.get(component);
  if (!index) {
    index = new Map((component.codelist?.codes ?? []).map((c) => [c.id, c]));
    indexes.set(component, index);
  }
  return index;
}

function notCsv(why: string): OpenDataError {
  return new OpenDataError(
    'upstream_error',
    `The registry sent a data answer that is not SDMX CSV: ${why}.`,
    {
      hint: 'The answer was cut off or replaced by an error page; try again or check api_status.',
    },
  );
}
