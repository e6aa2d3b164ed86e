import { list, type Node, textOf } from '../registry/xml-nodes.js';
import { buildObservation, type DataContext } from './data-context.js';
import { notData } from './not-data.js';
import { type DataFormat, numberOf, type Observation, type ParsedData } from './observation.js';
import { dataXmlParser } from './tree-data-xml-parser.js';

type Cells = Map<string, { code: string; label: string | null }>;

/**
 * Reads an SDMX-ML data message: 2.1 GenericData (series or flat), 2.1 StructureSpecificData and
 * its time-series variant, and 3.0 StructureSpecificData (whose multi-valued attributes sit in
 * `Comp` elements). Group and data-set attributes are carried down to each observation.
 */
export function treeParseDataXml(xml: string, ctx: DataContext): ParsedData {
  let root: Node;
  try {
    root = dataXmlParser().parse(xml);
  } catch {
    throw notData('SDMX-ML', 'the XML does not parse (cut off or malformed)');
  }
  const [name, message]: [string?, Node?] =
    Object.entries(root ?? {}).find(([, v]) => v && typeof v === 'object') ?? [];
  if (!name || !message) throw notData('SDMX-ML', 'it holds no data message');
  if (name === 'Error') throw notData('SDMX-ML', `the registry sent an error message: ${errorText(message)}`);
  const generic = name === 'GenericData' || name === 'GenericTimeSeriesData';
  const structureSpecific = /^StructureSpecific(TimeSeries)?Data$/.test(name);
  if (!generic && !structureSpecific) throw notData('SDMX-ML', `a ${name} message is not a data message`);
  const v3 = /schemas\/v3_\d\/message/.test(xml.slice(0, 4096));
  const atObservation = String(message.Header?.Structure?.$?.dimensionAtObservation ?? ctx.timeId);
  const observations: Observation[] = [];
  for (const dataSet of list(message.DataSet)) {
    if (generic) readGeneric(dataSet, ctx, atObservation, observations);
    else readStructureSpecific(dataSet, ctx, observations);
  }
  const format: DataFormat = generic
    ? 'sdmx-ml-2.1-generic'
    : v3
      ? 'sdmx-ml-3.0-structure-specific'
      : 'sdmx-ml-2.1-structure-specific';
  return { dialect: format, observations };
}

function errorText(message: Node): string {
  const error = list(message.ErrorMessage)[0] ?? message.ErrorMessage;
  const text = textOf(list(error?.Text)[0]);
  return text ?? 'no text';
}

// ---- GenericData: every value is an <Value id value/> element.

function genericValues(node: Node, into: Cells): void {
  for (const v of list(node?.Value)) {
    const id = v.$?.id;
    if (id !== undefined) into.set(String(id), { code: String(v.$?.value ?? ''), label: null });
  }
}

function readGeneric(dataSet: Node, ctx: DataContext, atObservation: string, out: Observation[]): void {
  const dataSetCells: Cells = new Map();
  genericValues(dataSet.Attributes, dataSetCells);
  const groups = list(dataSet.Group).map((g: Node) => {
    const key: Cells = new Map();
    const attributes: Cells = new Map();
    genericValues(g.GroupKey, key);
    genericValues(g.Attributes, attributes);
    return { key, attributes };
  });
  const emit = (series: Cells, obs: Node, order: string[]) => {
    const cells: Cells = new Map(series);
    if (obs.ObsKey) genericValues(obs.ObsKey, cells);
    if (obs.ObsDimension) {
      const id = obs.ObsDimension.$?.id ?? atObservation;
      cells.set(String(id), { code: String(obs.ObsDimension.$?.value ?? ''), label: null });
    }
    genericValues(obs.Attributes, cells);
    const published = valueText(obs.ObsValue?.$?.value);
    out.push(buildObservation(ctx, cells, published, numberOf(published), dimensionOrder(ctx, order, cells)));
  };
  for (const series of list(dataSet.Series)) {
    const key: Cells = new Map();
    genericValues(series.SeriesKey, key);
    const order = [...key.keys()];
    const cells: Cells = new Map(dataSetCells);
    for (const group of groups)
      if (matches(group.key, key)) for (const [k, v] of group.attributes) cells.set(k, v);
    for (const [k, v] of key) cells.set(k, v);
    genericValues(series.Attributes, cells);
    for (const obs of list(series.Obs)) emit(cells, obs, order);
  }
  for (const obs of list(dataSet.Obs)) {
    const key: Cells = new Map();
    genericValues(obs.ObsKey, key);
    emit(dataSetCells, obs, [...key.keys()]);
  }
}

// ---- StructureSpecificData: values are XML attributes named after their components.

function attributeValues(node: Node, into: Cells): void {
  for (const [id, value] of Object.entries((node?.$ ?? {}) as Record<string, unknown>)) {
    into.set(id, { code: String(value), label: null });
  }
  // 3.0: an attribute with several values (or texts) comes as <Comp id><Value>…</Value></Comp>.
  for (const comp of list(node?.Comp)) {
    const id = comp.$?.id;
    if (id === undefined) continue;
    const values = list(comp.Value).map((v: Node) => textOf(list(v.Text)[0] ?? v) ?? '');
    into.set(String(id), { code: values.join(';'), label: null });
  }
}

// Message plumbing that rides on data elements and is never a component.
const PLUMBING = new Set(['type', 'structureRef', 'action', 'validFromDate', 'validToDate', 'setID']);

function readStructureSpecific(dataSet: Node, ctx: DataContext, out: Observation[]): void {
  const dataSetCells: Cells = new Map();
  // The data set's own XML attributes are plumbing; its components arrive as Comp or via Atts.
  for (const comp of list(dataSet.Comp)) attributeValues({ Comp: [comp] }, dataSetCells);
  const groups = list(dataSet.Group).map((g: Node) => {
    const cells: Cells = new Map();
    attributeValues(g, cells);
    for (const p of PLUMBING) cells.delete(p);
    return cells;
  });
  const emit = (series: Cells, obs: Node, order: string[]) => {
    const cells: Cells = new Map(series);
    attributeValues(obs, cells);
    for (const p of PLUMBING) cells.delete(p);
    const published = valueText(cells.get(ctx.measureId)?.code);
    cells.delete(ctx.measureId);
    out.push(buildObservation(ctx, cells, published, numberOf(published), dimensionOrder(ctx, order, cells)));
  };
  for (const series of list(dataSet.Series)) {
    const key: Cells = new Map();
    attributeValues(series, key);
    for (const p of PLUMBING) key.delete(p);
    const cells: Cells = new Map(dataSetCells);
    for (const group of groups) if (matches(group, key)) for (const [k, v] of group) cells.set(k, v);
    for (const [k, v] of key) cells.set(k, v);
    for (const obs of list(series.Obs)) emit(cells, obs, [...key.keys()]);
  }
  for (const obs of list(dataSet.Obs)) {
    const cells: Cells = new Map();
    attributeValues(obs, cells);
    const order = [...cells.keys()].filter(
      (k) => k !== ctx.timeId && k !== ctx.measureId && !PLUMBING.has(k),
    );
    emit(dataSetCells, obs, order);
  }
}

/** A group applies to a series whose key agrees with every dimension value the group key names. */
function matches(group: Cells, key: Cells): boolean {
  for (const [id, cell] of group) {
    const own = key.get(id);
    if (own && own.code !== cell.code) return false;
  }
  return true;
}

/**
 * Without a structure the message alone cannot tell dimensions from series attributes in
 * structure-specific data; the series key (generic) or the series element's values are taken as
 * the key. With a structure its dimension order always wins.
 */
function dimensionOrder(ctx: DataContext, order: string[], cells: Cells): string[] | null {
  if (ctx.dimensionIds) return null;
  return order.filter((id) => cells.has(id) && id !== ctx.timeId && id !== ctx.measureId);
}

function valueText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = String(value);
  return text === '' || text === 'NaN' ? null : text;
}
