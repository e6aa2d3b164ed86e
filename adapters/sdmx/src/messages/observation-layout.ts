import type { DataContext } from './data-context.js';
import type { CodedValue, Observation } from './observation.js';

type Cell = CodedValue | undefined;

/** What observations with the same key and attribute cells share. */
interface Shape {
  seriesKey: string;
  dimensions: Record<string, CodedValue>;
  attributes: Record<string, CodedValue>;
}

interface Node {
  /** By the next cell's token plus one (0: no cell). */
  next: Array<Node | undefined>;
  shape: Shape | null;
}

/** The token of a slot with no cell. */
export const NO_CELL = -1;
/** The token of a cell shared with no other observation (a literal value): its shape is its own. */
export const OWN_CELL = -2;

/**
 * Where a parser keeps one observation's values: one slot per component id, in the order the
 * message first names them (which orders the attributes). Which slots hold the key, the time and
 * the attributes is worked out once. Observations whose key and attribute cells are the same
 * share one key text and one dimensions and attributes record, found by walking a trie keyed by
 * the cells' tokens (a parser's small number for each distinct cell of a slot, such as its index
 * in the message's value list): the key is joined and its cells labelled once per distinct
 * combination, not once per observation. Nothing mutates a shape once built.
 */
export class ObservationLayout {
  private readonly root: Node = { next: [], shape: null };
  private readonly keyIds: readonly string[];
  /** The key's slots, then the attributes' (-1: a key dimension the message never gives). */
  private readonly walk: Int32Array;
  private readonly attributeIds: string[] = [];
  private readonly timeSlot: number;
  /** The last shape found and the tokens it was found by: the next observation mostly shares it. */
  private last: Shape | null = null;
  private readonly lastTokens: Int32Array;

  /**
   * `ids`: the component ids, one per slot, no repeats; `messageOrder`: the key as the message
   * orders it, used when the context has no structure.
   */
  constructor(
    private readonly ctx: DataContext,
    ids: readonly string[],
    messageOrder: readonly string[] | null,
  ) {
    this.keyIds = ctx.dimensionIds ?? messageOrder ?? [];
    const slotOf = new Map(ids.map((id, slot) => [id, slot]));
    const walk = this.keyIds.map((id) => slotOf.get(id) ?? -1);
    this.timeSlot = slotOf.get(ctx.timeId) ?? -1;
    const key = new Set(this.keyIds);
    ids.forEach((id, slot) => {
      if (key.has(id) || id === ctx.timeId || id === ctx.measureId) return;
      // With a structure, only its attributes count; message plumbing (xsi:type and the like) does not.
      if (ctx.attributeIds && !ctx.attributeIds.has(id)) return;
      walk.push(slot);
      this.attributeIds.push(id);
    });
    this.walk = Int32Array.from(walk);
    this.lastTokens = new Int32Array(walk.length);
  }

  /**
   * The observation whose values sit in `cells` (by slot; undefined: not given), with each
   * cell's token in `tokens` (NO_CELL, OWN_CELL, or the parser's number for that cell).
   */
  build(
    cells: readonly Cell[],
    tokens: Int32Array,
    published: string | null,
    value: number | null,
  ): Observation {
    const shape = this.shared(cells, tokens);
    return {
      series_key: shape.seriesKey,
      dimensions: shape.dimensions,
      time_period: this.timeSlot < 0 ? '' : (cells[this.timeSlot]?.code ?? ''),
      obs_value: published,
      value,
      attributes: shape.attributes,
    };
  }

  private shared(cells: readonly Cell[], tokens: Int32Array): Shape {
    const { walk, lastTokens } = this;
    if (this.last !== null) {
      let i = 0;
      while (i < walk.length && tokenAt(tokens, walk[i] as number) === lastTokens[i]) i++;
      if (i === walk.length) return this.last;
    }
    this.last = null;
    let node = this.root;
    for (let i = 0; i < walk.length; i++) {
      const token = tokenAt(tokens, walk[i] as number);
      if (token === OWN_CELL) return this.shape(cells);
      lastTokens[i] = token;
      let next = node.next[token + 1];
      if (next === undefined) {
        next = { next: [], shape: null };
        node.next[token + 1] = next;
      }
      node = next;
    }
    node.shape ??= this.shape(cells);
    this.last = node.shape;
    return node.shape;
  }

  private shape(cells: readonly Cell[]): Shape {
    const { ctx, keyIds, walk, attributeIds } = this;
    const dimensions: Record<string, CodedValue> = {};
    let seriesKey = '';
    for (let i = 0; i < keyIds.length; i++) {
      const id = keyIds[i] as string;
      const slot = walk[i] as number;
      const cell = slot < 0 ? undefined : cells[slot];
      // A labelled cell is shared as it is; an unlabelled one takes the code list's label.
      if (cell) dimensions[id] = cell.label !== null ? cell : ctx.cell(id, cell.code);
      seriesKey = i === 0 ? (cell?.code ?? '') : `${seriesKey}.${cell?.code ?? ''}`;
    }
    const attributes: Record<string, CodedValue> = {};
    for (let i = 0; i < attributeIds.length; i++) {
      const cell = cells[walk[keyIds.length + i] as number];
      if (cell === undefined || cell.code === '') continue;
      const id = attributeIds[i] as string;
      attributes[id] = cell.label !== null ? cell : ctx.cell(id, cell.code);
    }
    return { seriesKey, dimensions, attributes };
  }
}

function tokenAt(tokens: Int32Array, slot: number): number {
  return slot < 0 ? NO_CELL : (tokens[slot] as number);
}
