import { isOpenDataError } from '@opendata-mcp/core';
import { csvCutOff } from './csv-cut-off.js';
import { cutOff } from './cut-off.js';
import { buildObservation, type DataContext } from './data-context.js';
import { notData } from './not-data.js';
import { type DataFormat, numberOf, type Observation, type ParsedData } from './observation.js';
import { readCsvRows } from './read-csv-rows.js';

/** Columns that describe the message, not a component: SDMX-CSV 1.0 and 2.0. */
const MESSAGE_COLUMNS = new Set(['DATAFLOW', 'STRUCTURE', 'STRUCTURE_ID', 'ACTION']);
const COMPONENT_ID = /^[A-Za-z][A-Za-z0-9_]*$/;

interface Column {
  id: string;
  index: number;
  kind: 'dimension' | 'time' | 'measure' | 'attribute';
  /** Index of the column holding this component's label, when the registry sends one. */
  labelAt: number | null;
  /** `labels=both` style: "CODE: Label" in the cell. */
  combined: boolean;
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
  let columns: Column[] = [];
  let dimensionOrder: string[] = [];
  const observations: Observation[] = [];
  const onRow = (row: string[]) => {
    if (header === null) {
      header = row;
      columns = mapColumns(row, ctx);
      if (!columns.some((c) => c.kind === 'measure'))
        throw notData('SDMX CSV', 'it has no observation-value column');
      dimensionOrder = columns.filter((c) => c.kind === 'dimension').map((c) => c.id);
      return;
    }
    const cells = new Map<string, { code: string; label: string | null }>();
    let published: string | null = null;
    for (const column of columns) {
      if (column.kind === 'measure') {
        const raw = row[column.index] ?? '';
        published = raw === '' ? null : raw;
      } else cells.set(column.id, coded(row, column));
    }
    observations.push(buildObservation(ctx, cells, published, numberOf(published), dimensionOrder));
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

function coded(row: string[], column: Column): { code: string; label: string | null } {
  const raw = row[column.index] ?? '';
  if (column.combined) {
    const colon = raw.indexOf(': ');
    if (colon > 0) return { code: raw.slice(0, colon), label: raw.slice(colon + 2) };
  }
  const sent = column.labelAt === null ? '' : (row[column.labelAt] ?? '');
  return { code: raw, label: sent === '' ? null : sent };
}
