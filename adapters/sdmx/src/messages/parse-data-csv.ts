import { isOpenDataError } from '@opendata-mcp/core';
import { type CodedColumn, CsvColumnCells } from './csv-cells.js';
import { csvCutOff } from './csv-cut-off.js';
import { cutOff } from './cut-off.js';
import { type DataContext, dataContext } from './data-context.js';
import { notData } from './not-data.js';
import {
  type CodedValue,
  type DataFormat,
  numberOf,
  type Observation,
  type ParsedData,
} from './observation.js';
import { ObservationLayout } from './observation-layout.js';
import { readCsvRows } from './read-csv-rows.js';

/** Columns that describe the message, not a component: SDMX-CSV 1.0 and 2.0. */
const MESSAGE_COLUMNS = new Set(['DATAFLOW', 'STRUCTURE', 'STRUCTURE_ID', 'ACTION']);
const COMPONENT_ID = /^[A-Za-z][A-Za-z0-9_]*$/;

interface Column extends CodedColumn {
  id: string;
  kind: 'dimension' | 'time' | 'measure' | 'attribute';
}

/** How one row becomes an observation: each coded column's cells and slot, the measure's column. */
interface RowReader {
  layout: ObservationLayout;
  coded: Array<{ cells: CsvColumnCells; slot: number }>;
  measureAt: number;
  cells: Array<CodedValue | undefined>;
  tokens: Int32Array;
}

function rowReader(columns: Column[], ctx: DataContext): RowReader {
  const coded = columns.filter((c) => c.kind !== 'measure');
  // One slot per component id, in column order; a later column of the same id wins, as it did.
  const ids = [...new Set(coded.map((c) => c.id))];
  const columnsOf = (id: string) => coded.filter((c) => c.id === id).length;
  const dimensionOrder = columns.filter((c) => c.kind === 'dimension').map((c) => c.id);
  return {
    layout: new ObservationLayout(ctx, ids, dimensionOrder),
    coded: coded.map((c) => ({
      cells: new CsvColumnCells(c, columnsOf(c.id) === 1),
      slot: ids.indexOf(c.id),
    })),
    measureAt: columns.find((c) => c.kind === 'measure')?.index ?? -1,
    cells: new Array(ids.length).fill(undefined),
    tokens: new Int32Array(ids.length),
  };
}

function readRow(reader: RowReader, row: string[]): Observation {
  const { coded, cells, tokens } = reader;
  for (let i = 0; i < coded.length; i++) {
    const { cells: column, slot } = coded[i] as { cells: CsvColumnCells; slot: number };
    cells[slot] = column.read(row);
    tokens[slot] = column.token;
  }
  const raw = row[reader.measureAt] ?? '';
  const published = raw === '' ? null : raw;
  return reader.layout.build(cells, tokens, published, numberOf(published));
}

/**
 * Reads a CSV data answer in every form registries send: SDMX-CSV 1.0 (a DATAFLOW column),
 * SDMX-CSV 2.0 (STRUCTURE, STRUCTURE_ID, ACTION columns; `[…]` markers in headers), either with
 * `labels=both` ("CODE: Label" cells), and the code-and-label layout some registries use for
 * `format=csv` (each coded column followed by a column with its label). Columns are recognised by
 * component id, so their order does not matter; without a structure, the columns before the time
 * period (or the value) are the key, as both SDMX-CSV versions order them.
 */
export async function parseDataCsvText(
  text: string,
  ctx: DataContext,
  signal?: AbortSignal,
): Promise<ParsedData> {
  let header: string[] | null = null;
  let reader: RowReader | null = null;
  const observations: Observation[] = [];
  const onRow = (row: string[]) => {
    if (reader !== null) {
      observations.push(readRow(reader, row));
      return;
    }
    header = row;
    const columns = mapColumns(row, ctx);
    if (!columns.some((c) => c.kind === 'measure'))
      throw notData('SDMX CSV', 'it has no observation-value column');
    reader = rowReader(columns, ctx);
  };
  try {
    await readCsvRows(text, onRow, signal);
  } catch (error) {
    if (isOpenDataError(error) || signal?.aborted) throw error;
    // A cut body fails the parse (an open quote, a short last record): only then is it told apart.
    if (csvCutOff(text)) throw cutOff('CSV');
    throw notData('SDMX CSV', 'the CSV does not parse');
  }
  const first = header === null ? null : headerId((header as string[])[0] ?? '');
  if (first === null) throw notData('SDMX CSV', 'the answer is empty');
  const dialect: DataFormat =
    first === 'DATAFLOW' ? 'sdmx-csv-1.0' : first === 'STRUCTURE' ? 'sdmx-csv-2.0' : 'code-label-columns';
  return { dialect, observations };
}

/** "OBS_VALUE: Observation value" and "ATTR_1[en;fr]" both name OBS_VALUE / ATTR_1. */
function headerId(cell: string): string {
  const colon = cell.indexOf(': ');
  const id = colon > 0 ? cell.slice(0, colon) : cell;
  const bracket = id.indexOf('[');
  return (bracket > 0 ? id.slice(0, bracket) : id).trim();
}

function mapColumns(header: string[], ctx: DataContext): Column[] {
  const ids = header.map(headerId);
  const known = ctx.dimensionIds
    ? new Set([...ctx.dimensionIds, ...(ctx.attributeIds ?? []), ctx.timeId, ctx.measureId])
    : null;
  // Without a structure the key is what stands before the time period (else the value).
  const keyEnd =
    [ids.indexOf(ctx.timeId), ids.indexOf(ctx.measureId)].filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? 0;
  const columns: Column[] = [];
  ids.forEach((id, index) => {
    if (MESSAGE_COLUMNS.has(id)) return;
    const isComponent = known ? known.has(id) : COMPONENT_ID.test(id) && id.toUpperCase() === id;
    if (!isComponent) {
      // An unknown header right after a coded component is that component's label column.
      const previous = columns.at(-1);
      if (previous && previous.index === index - 1 && previous.labelAt === null) previous.labelAt = index;
      return;
    }
    const kind: Column['kind'] =
      id === ctx.timeId
        ? 'time'
        : id === ctx.measureId
          ? 'measure'
          : (ctx.dimensionIds ? ctx.dimensionIds.includes(id) : index < keyEnd)
            ? 'dimension'
            : 'attribute';
    columns.push({ id, index, kind, labelAt: null, combined: (header[index] ?? '') !== id });
  });
  return columns;
}

/**
 * A row reader kept for the life of the process. V8 forgets an object layout (hidden class) once no
 * object has it, and throws away the optimized code built on it: were none alive between two
 * messages, each CSV message after a full collection would be read by unoptimized code again.
 */
export const keptLayouts = [
  rowReader(
    [
      { id: 'A', index: 0, labelAt: null, combined: false, kind: 'dimension' },
      { id: 'OBS_VALUE', index: 1, labelAt: null, combined: false, kind: 'measure' },
    ],
    dataContext(null, 'en'),
  ),
];
