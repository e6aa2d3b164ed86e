import type { DataContext } from './data-context.js';
import type { ObsCells } from './obs-cells.js';
import type { CodedValue } from './observation.js';

/** What observations with the same cells (besides time and value) share. */
export interface CellShape {
  series_key: string;
  dimensions: Record<string, CodedValue>;
  attributes: Record<string, CodedValue>;
}

interface Node {
  next: Map<CodedValue, Node>;
  shape: CellShape | null;
}

interface Root extends Node {
  /** Time and measure are left out of the walk unless the key order names them. */
  skipTime: boolean;
  skipMeasure: boolean;
}

const newNode = (): Node => ({ next: new Map(), shape: null });

/**
 * The shapes of observations read into maps of cells (SDMX-ML), shared through a trie keyed by
 * the cells in map order, under one root per key order, each walk stepping along the last one's
 * nodes for as long as it repeats its cells. A cell without a label of its own is
 * keyed (and shown) as the context's shared cell for its code, so fresh cells with equal codes
 * share too; time and measure are left out, as they differ from one observation to the next.
 */
export class CellShapes {
  private readonly byOrder = new WeakMap<readonly string[], Root>();
  private readonly byOrderText = new Map<string, Root>();
  /** The cells walked so far, as keyed, and their ids: reused from one observation to the next. */
  private readonly walked: Array<CodedValue> = [];
  private readonly walkedIds: string[] = [];
  private node: Node = newNode();
  private count = 0;
  /**
   * The last walk, by position: the cell given and the node reached. Observations mostly repeat
   * the cells before theirs (a series' key, then what changes last), so while they do, the walk
   * steps along the last one's nodes without looking up a cell. `walked` and `walkedIds` hold the
   * same positions' cells, which a repeated prefix leaves as they were.
   */
  private readonly lastGiven: CodedValue[] = [];
  private readonly lastNodes: Node[] = [];
  private lastRoot: Root | null = null;
  /** Whether every position walked so far repeats the last walk. */
  private repeating = false;

  constructor(private readonly ctx: DataContext) {}

  /** The shape of `values` with `over`'s cells laid over them (as a merged map would hold them). */
  of(values: Map<string, CodedValue>, order: readonly string[], over: ObsCells | null): CellShape {
    const root = this.root(order);
    this.node = root;
    this.count = 0;
    this.repeating = root === this.lastRoot;
    this.lastRoot = root;
    for (const [id, given] of values) this.visit(root, id, over?.get(id) ?? given);
    if (over)
      for (let i = 0; i < over.size; i++) {
        const id = over.idAt(i);
        if (!values.has(id)) this.visit(root, id, over.cellAt(i));
      }
    this.node.shape ??= this.shape(order, this.count);
    return this.node.shape;
  }

  private visit(root: Root, id: string, given: CodedValue): void {
    const { ctx } = this;
    if ((root.skipTime && id === ctx.timeId) || (root.skipMeasure && id === ctx.measureId)) return;
    const at = this.count++;
    if (this.repeating && this.lastGiven[at] === given && this.walkedIds[at] === id) {
      this.node = this.lastNodes[at] as Node;
      return;
    }
    this.repeating = false;
    const cell = given.label !== null ? given : ctx.cell(id, given.code);
    this.walked[at] = cell;
    this.walkedIds[at] = id;
    let next = this.node.next.get(cell);
    if (next === undefined) {
      next = newNode();
      this.node.next.set(cell, next);
    }
    this.node = next;
    this.lastGiven[at] = given;
    this.lastNodes[at] = next;
  }

  private root(order: readonly string[]): Root {
    let root = this.byOrder.get(order);
    if (root === undefined) {
      const text = order.join('\u0000');
      root = this.byOrderText.get(text) ?? {
        ...newNode(),
        skipTime: !order.includes(this.ctx.timeId),
        skipMeasure: !order.includes(this.ctx.measureId),
      };
      this.byOrderText.set(text, root);
      this.byOrder.set(order, root);
    }
    return root;
  }

  private shape(order: readonly string[], count: number): CellShape {
    const { ctx, walked, walkedIds } = this;
    const byId = new Map<string, CodedValue>();
    for (let i = 0; i < count; i++) byId.set(walkedIds[i] as string, walked[i] as CodedValue);
    const dimensions: Record<string, CodedValue> = {};
    let seriesKey = '';
    for (let i = 0; i < order.length; i++) {
      const id = order[i] as string;
      const cell = byId.get(id);
      if (cell) dimensions[id] = cell;
      seriesKey = i === 0 ? (cell?.code ?? '') : `${seriesKey}.${cell?.code ?? ''}`;
    }
    const attributes: Record<string, CodedValue> = {};
    for (const [id, cell] of byId) {
      if (Object.hasOwn(dimensions, id) || id === ctx.timeId || id === ctx.measureId || cell.code === '')
        continue;
      // With a structure, only its attributes count; message plumbing (xsi:type and the like) does not.
      if (ctx.attributeIds && !ctx.attributeIds.has(id)) continue;
      attributes[id] = cell;
    }
    return { series_key: seriesKey, dimensions, attributes };
  }
}
