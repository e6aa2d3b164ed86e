import type { FlowComponent, FlowStructure } from '../registry/flow-structure.js';
import { pickText } from '../registry/pick-text.js';
import type { CodeInfo } from '../registry/structure-types.js';
import { CellShapes } from './cell-shapes.js';
import type { ObsCells } from './obs-cells.js';
import type { CodedValue, Observation } from './observation.js';

/**
 * What a data parser needs to know of the flow: which ids are dimensions (in key order), which
 * is time and which the measure, and the code lists for labels. Built from the flow's structure
 * when there is one; without it, each format falls back on what its own message says.
 */
export interface DataContext {
  dimensionIds: string[] | null;
  timeId: string;
  measureId: string;
  attributeIds: Set<string> | null;
  /** The label of a code in the preferred language; null when the structure has none. */
  label(component: string, code: string): string | null;
  /** One shared cell per component and code, labelled from the code list (resolved once). */
  cell(component: string, code: string): CodedValue;
  language: string;
  /** The shapes observations built from maps of cells share. */
  shapes: CellShapes;
}

export function dataContext(structure: FlowStructure | null, language: string): DataContext {
  const components = new Map<string, FlowComponent>();
  for (const c of structure?.dimensions ?? []) components.set(c.id, c);
  for (const c of structure?.attributes ?? []) components.set(c.id, c);
  const indexes = new Map<string, Map<string, CodeInfo>>();
  const cells = new Map<string, Map<string, CodedValue>>();
  const context: DataContext = {
    dimensionIds: structure ? structure.dimensions.map((d) => d.id) : null,
    timeId: structure?.timeDimension?.id ?? 'TIME_PERIOD',
    measureId: structure?.measure?.id ?? 'OBS_VALUE',
    attributeIds: structure ? new Set(structure.attributes.map((a) => a.id)) : null,
    language,
    shapes: null as unknown as CellShapes,
    label(component, code) {
      const c = components.get(component);
      if (!c?.codelist) return null;
      // A code list can hold thousands of codes; index each once rather than scanning it per cell.
      let index = indexes.get(component);
      if (!index) {
        index = new Map(c.codelist.codes.map((code) => [code.id, code]));
        indexes.set(component, index);
      }
      const found = index.get(code);
      return found ? pickText(found.names, language) : null;
    },
    cell(component, code) {
      let byCode = cells.get(component);
      if (!byCode) {
        byCode = new Map();
        cells.set(component, byCode);
      }
      let cell = byCode.get(code);
      if (!cell) {
        cell = { code, label: context.label(component, code) };
        byCode.set(code, cell);
      }
      return cell;
    },
  };
  context.shapes = new CellShapes(context);
  return context;
}

/**
 * One observation from the values a parser found. `values` maps component ids to codes (a label
 * the message itself gives wins over the code list's), with `over`'s laid over them when given; dimensions are ordered by the structure,
 * else by the order the message gave them. Observations with the same cells besides time and
 * value share one key text and one dimensions and attributes record (see `CellShapes`).
 */
export function buildObservation(
  ctx: DataContext,
  values: Map<string, CodedValue>,
  published: string | null,
  value: number | null,
  messageDimensionOrder: string[] | null,
  over: ObsCells | null = null,
): Observation {
  const shape = ctx.shapes.of(values, ctx.dimensionIds ?? messageDimensionOrder ?? [], over);
  return {
    series_key: shape.series_key,
    dimensions: shape.dimensions,
    time_period: (over?.get(ctx.timeId) ?? values.get(ctx.timeId))?.code ?? '',
    obs_value: published,
    value,
    attributes: shape.attributes,
  };
}
