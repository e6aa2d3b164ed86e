import { breathe, SLICE_ITEMS } from '../registry/breathe.js';
import { cutOff } from './cut-off.js';
import { buildObservation, type DataContext } from './data-context.js';
import { jsonCutOff } from './json-cut-off.js';
import { notData } from './not-data.js';
import { numberOf, type Observation, type ParsedData, publishedOf } from './observation.js';

// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON message is walked field by field and checked as it goes.
type Json = any;
type Cells = Map<string, { code: string; label: string | null }>;

interface Component {
  id: string;
  keyPosition: number | null;
  values: Json[];
  /** Values already resolved to a code and label, by index. */
  resolved: Array<{ code: string; label: string | null } | undefined>;
}

/** Counts decoded observations and gives the event loop a turn every SLICE_ITEMS of them. */
interface Pace {
  signal: AbortSignal | undefined;
  count: number;
}

/**
 * Reads an SDMX-JSON data message, 1.0 (`structure` + `dataSets` at the top, or under `data`) or
 * 2.0 (`data.structures[]`, each data set naming its structure). Series keys and observation
 * keys are indexes into the message's own value lists; observation arrays hold the value(s)
 * first, then attribute indexes. Data sets whose action is Delete carry no observations to read.
 * `JSON.parse` is one native call (the body is capped by the response size limit); the decoding
 * after it gives the event loop a turn every SLICE_ITEMS observations.
 */
export async function parseDataJson(
  text: string,
  ctx: DataContext,
  signal?: AbortSignal,
): Promise<ParsedData> {
  let message: Json;
  try {
    message = JSON.parse(text);
  } catch {
    if (jsonCutOff(text)) throw cutOff('SDMX-JSON');
    throw notData('SDMX-JSON', 'the JSON does not parse');
  }
  const body = message?.data ?? message;
  const dataSets: Json[] | undefined = body?.dataSets;
  if (!Array.isArray(dataSets)) throw notData('SDMX-JSON', 'it has no dataSets');
  const v2 = Array.isArray(body.structures);
  const observations: Observation[] = [];
  const pace: Pace = { signal, count: 0 };
  for (const dataSet of dataSets) {
    if (String(dataSet?.action ?? '').toLowerCase() === 'delete') continue;
    const structure = v2 ? body.structures[Number(dataSet.structure ?? 0)] : body.structure;
    if (!structure?.dimensions) throw notData('SDMX-JSON', 'a data set has no structure to read its keys');
    await readDataSet(dataSet, structure, ctx, observations, v2, pace);
  }
  return { dialect: v2 ? 'sdmx-json-2.0' : 'sdmx-json-1.0', observations };
}

function components(list: Json): Component[] {
  return (Array.isArray(list) ? list : []).map((c: Json) => ({
    id: String(c.id),
    keyPosition: typeof c.keyPosition === 'number' ? c.keyPosition : null,
    values: Array.isArray(c.values) ? c.values : [],
    resolved: [],
  }));
}

async function readDataSet(
  dataSet: Json,
  structure: Json,
  ctx: DataContext,
  out: Observation[],
  v2: boolean,
  pace: Pace,
): Promise<void> {
  const dims = structure.dimensions;
  const attrs = structure.attributes ?? {};
  const dataSetDims = components(dims.dataSet);
  const seriesDims = components(dims.series);
  const obsDims = components(dims.observation);
  const dataSetAttrs = components(attrs.dataSet);
  const seriesAttrs = components(attrs.series);
  const obsAttrs = components(attrs.observation);
  const measureCount = v2 ? Math.max(1, components(structure.measures?.observation).length) : 1;
  // Without a structure from the registry, the message's key positions give the key order.
  const order = [...dataSetDims, ...seriesDims, ...obsDims]
    .filter((d) => d.id !== ctx.timeId)
    .sort((a, b) => (a.keyPosition ?? 0) - (b.keyPosition ?? 0))
    .map((d) => d.id);

  const base: Cells = new Map();
  for (const d of dataSetDims) set(base, d, 0, ctx);
  indexed(base, dataSetAttrs, dataSet.attributes, 0, ctx);

  const emit = (cells: Cells, obsKey: string, values: Json) => {
    const own: Cells = new Map(cells);
    atPositions(own, obsDims, obsKey, ctx);
    const array: Json[] = Array.isArray(values) ? values : [values];
    indexed(own, obsAttrs, array, measureCount, ctx);
    const published = publishedOf(array[0]);
    out.push(buildObservation(ctx, own, published, numberOf(published), order));
  };
  const breatheEvery = async () => {
    if (++pace.count % SLICE_ITEMS === 0) await breathe(pace.signal);
  };

  if (dataSet.series && typeof dataSet.series === 'object') {
    for (const seriesKey in dataSet.series as Record<string, Json>) {
      const series = dataSet.series[seriesKey];
      const cells: Cells = new Map(base);
      atPositions(cells, seriesDims, seriesKey, ctx);
      indexed(cells, seriesAttrs, series?.attributes, 0, ctx);
      const observations = (series?.observations ?? {}) as Record<string, Json>;
      for (const obsKey in observations) {
        emit(cells, obsKey, observations[obsKey]);
        await breatheEvery();
      }
    }
  }
  if (dataSet.observations && typeof dataSet.observations === 'object') {
    const observations = dataSet.observations as Record<string, Json>;
    for (const obsKey in observations) {
      emit(base, obsKey, observations[obsKey]);
      await breatheEvery();
    }
  }
}

/** Sets the dimension values a "0:3:1" key names, by index into each dimension's value list. */
function atPositions(cells: Cells, dims: Component[], key: string, ctx: DataContext): void {
  if (key === '') return;
  let position = 0;
  let start = 0;
  for (let i = 0; i <= key.length; i++) {
    if (i < key.length && key.charCodeAt(i) !== 58) continue;
    const d = dims[position++];
    if (d) set(cells, d, Number(key.slice(start, i)), ctx);
    start = i + 1;
  }
}

/**
 * A dimension value by its index into the component's value list. Each value is resolved once
 * (code, and label from the message or else the code list) and shared by every observation.
 */
function set(cells: Cells, component: Component, index: number, ctx: DataContext): void {
  let resolved = component.resolved[index];
  if (resolved === undefined) {
    const value = component.values[index];
    if (value === undefined) return;
    const code = value.id === undefined ? String(value.name ?? '') : String(value.id);
    resolved = { code, label: labelOf(value, ctx.language) ?? ctx.label(component.id, code) };
    component.resolved[index] = resolved;
  }
  cells.set(component.id, resolved);
}

/**
 * Attribute values by index (null: not given). A value without an id (a free text such as a
 * series title) is its own code; a non-index (2.0 allows a literal value) is taken as is.
 */
function indexed(cells: Cells, attributes: Component[], indexes: Json, from: number, ctx: DataContext): void {
  if (!Array.isArray(indexes)) return;
  for (let i = from; i < indexes.length; i++) {
    const index = indexes[i];
    const attribute = attributes[i - from];
    if (!attribute || index === null || index === undefined) continue;
    if (typeof index !== 'number') {
      cells.set(attribute.id, {
        code: typeof index === 'object' ? JSON.stringify(index) : String(index),
        label: null,
      });
      continue;
    }
    let resolved = attribute.resolved[index];
    if (resolved === undefined) {
      const value = attribute.values[index];
      if (value === undefined) continue;
      resolved =
        value.id === undefined
          ? { code: labelOf(value, ctx.language) ?? '', label: null }
          : { code: String(value.id), label: labelOf(value, ctx.language) };
      attribute.resolved[index] = resolved;
    }
    cells.set(attribute.id, resolved);
  }
}

function labelOf(value: Json, language: string): string | null {
  const names = value?.names;
  if (names && typeof names === 'object') {
    const text = names[language] ?? names.en ?? Object.values(names)[0];
    if (typeof text === 'string') return text;
  }
  const name = value?.name;
  if (typeof name === 'string') return name;
  if (name && typeof name === 'object') {
    const text = name[language] ?? name.en ?? Object.values(name)[0];
    if (typeof text === 'string') return text;
  }
  return null;
}
