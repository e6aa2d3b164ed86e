import { type DataContext, dataContext } from './data-context.js';
import { JsonCells } from './json-cells.js';
import { assignSlots, type Component, components, type Json, slotsOf } from './json-components.js';
import { KeyReader } from './json-key-reader.js';
import { numberOf, type Observation, publishedOf } from './observation.js';
import { ObservationLayout } from './observation-layout.js';
import { Pace } from './pace.js';

/**
 * Decodes one SDMX-JSON data set. Each level (data set, series, observation) writes its values
 * into its own slots of a cells array copied down from the level above, so an observation costs
 * reading its key and attribute indexes, not copying maps.
 */
class DataSetDecoder {
  private readonly layout: ObservationLayout;
  private readonly seriesDims: Component[];
  private readonly seriesAttrs: Component[];
  private readonly obsAttrs: Component[];
  private readonly measureCount: number;
  private readonly base: JsonCells;
  private readonly series: JsonCells;
  private readonly cells: JsonCells;
  private readonly seriesSlots: Int32Array;
  private readonly obsAttrSlots: Int32Array;
  private readonly obsKeys: KeyReader;

  constructor(
    dataSet: Json,
    structure: Json,
    ctx: DataContext,
    v2: boolean,
    private readonly out: Observation[],
  ) {
    const dims = structure.dimensions;
    const attrs = structure.attributes ?? {};
    const dataSetDims = components(dims.dataSet, 'dimension', ctx);
    const dataSetAttrs = components(attrs.dataSet, 'attribute', ctx);
    this.seriesDims = components(dims.series, 'dimension', ctx);
    this.seriesAttrs = components(attrs.series, 'attribute', ctx);
    const obsDims = components(dims.observation, 'dimension', ctx);
    this.obsAttrs = components(attrs.observation, 'attribute', ctx);
    const measures = structure.measures?.observation;
    this.measureCount = v2 ? Math.max(1, Array.isArray(measures) ? measures.length : 0) : 1;
    // Without a structure from the registry, the message's key positions give the key order.
    const order = [...dataSetDims, ...this.seriesDims, ...obsDims]
      .filter((d) => d.id !== ctx.timeId)
      .sort((a, b) => (a.keyPosition ?? 0) - (b.keyPosition ?? 0))
      .map((d) => d.id);
    const levels = [dataSetDims, dataSetAttrs, this.seriesDims, this.seriesAttrs, obsDims, this.obsAttrs];
    const ids = assignSlots(levels);
    this.layout = new ObservationLayout(ctx, ids, order);
    this.seriesSlots = slotsOf([this.seriesDims, this.seriesAttrs]);
    this.obsAttrSlots = slotsOf([this.obsAttrs]);
    this.obsKeys = new KeyReader(obsDims);
    this.base = new JsonCells(ids.length);
    for (const d of dataSetDims) this.base.dimension(d, 0);
    this.base.attributes(dataSetAttrs, dataSet.attributes, 0);
    const dataSetSlots = slotsOf([dataSetDims, dataSetAttrs]);
    this.series = new JsonCells(ids.length);
    this.series.copy(this.base, dataSetSlots);
    this.cells = new JsonCells(ids.length);
    this.cells.copy(this.base, dataSetSlots);
  }

  /** A series' own values over the data set's; null `key` for observations outside any series. */
  startSeries(key: string | null, series: Json): void {
    this.series.copy(this.base, this.seriesSlots);
    if (key !== null) {
      this.series.key(this.seriesDims, key);
      this.series.attributes(this.seriesAttrs, series?.attributes, 0);
    }
    this.cells.copy(this.series, this.seriesSlots);
    this.obsKeys.reset();
  }

  /** Decodes observations from `keys[from]` on until done or `pace` is due; the next index. */
  decode(observations: Record<string, Json>, keys: string[], from: number, pace: Pace): number {
    const { cells, layout, out } = this;
    for (let i = from; i < keys.length; i++) {
      const key = keys[i] as string;
      const values = observations[key];
      cells.copy(this.series, this.obsAttrSlots);
      this.obsKeys.read(key, cells, this.series);
      const array = Array.isArray(values);
      if (array) cells.attributes(this.obsAttrs, values, this.measureCount);
      const first = array ? values[0] : values;
      // A JSON number is its own value (-0 read back from its text is 0); a string is read as text.
      if (typeof first === 'number') {
        const published = Number.isFinite(first) ? String(first) : null;
        const value = published === null ? null : first === 0 ? 0 : first;
        out.push(layout.build(cells.cells, cells.tokens, published, value));
      } else {
        const published = publishedOf(first);
        out.push(layout.build(cells.cells, cells.tokens, published, numberOf(published)));
      }
      if (pace.due()) return i + 1;
    }
    return keys.length;
  }
}

/** A message with a component of each kind at every level. */
const TINY_STRUCTURE = {
  dimensions: {
    series: [{ id: 'A', keyPosition: 0, values: [{ id: 'a' }] }],
    observation: [{ id: 'TIME_PERIOD', values: [{ id: '2000' }] }],
  },
  attributes: {
    series: [{ id: 'S', values: [{ id: 's' }] }],
    observation: [{ id: 'O', values: [{ id: 'o' }] }],
  },
};

/**
 * A decoder and a pace kept for the life of the process. V8 forgets an object layout (hidden
 * class) once no object has it, and throws away the optimized code built on it: were none of
 * these alive between two messages, each message would be decoded by unoptimized code while the
 * optimizer starts over, several times slower.
 */
export const keptLayouts = [
  new DataSetDecoder({}, TINY_STRUCTURE, dataContext(null, 'en'), false, []),
  new Pace(undefined),
];

/** Reads one data set's observations into `out`, giving the event loop a turn whenever `pace` says. */
export async function readDataSet(
  dataSet: Json,
  structure: Json,
  ctx: DataContext,
  out: Observation[],
  v2: boolean,
  pace: Pace,
): Promise<void> {
  const decoder = new DataSetDecoder(dataSet, structure, ctx, v2, out);
  const all = async (observations: Record<string, Json>) => {
    // Keys listed once: a for-in over a large object checks every key again as it goes.
    const keys = Object.keys(observations);
    for (let at = 0; at < keys.length; ) {
      at = decoder.decode(observations, keys, at, pace);
      if (pace.due()) await pace.turn();
    }
  };
  if (dataSet.series && typeof dataSet.series === 'object') {
    for (const key of Object.keys(dataSet.series)) {
      const series = dataSet.series[key];
      decoder.startSeries(key, series);
      await all((series?.observations ?? {}) as Record<string, Json>);
    }
  }
  if (dataSet.observations && typeof dataSet.observations === 'object') {
    decoder.startSeries(null, null);
    await all(dataSet.observations as Record<string, Json>);
  }
}
