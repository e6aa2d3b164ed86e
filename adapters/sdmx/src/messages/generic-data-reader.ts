import type { XmlAttributes } from '../registry/xml-attributes.js';
import { type Cells, cellOf, matchesGroup, messageKeyOrder, valueText } from './data-cells.js';
import { buildObservation, type DataContext } from './data-context.js';
import { ObsCells } from './obs-cells.js';
import { numberOf, type Observation } from './observation.js';

/** Where `<Value>` elements go: a map of cells, or the observation's own. */
type CellTarget = Cells | ObsCells;

/**
 * One data set of a GenericData message, read element by element: every value is a
 * `<Value id value/>` element, whose meaning is given by the element around it (a series key,
 * a group key, attributes of the data set, group, series or observation).
 */
export class GenericReader {
  private readonly dataSetCells: Cells = new Map();
  private readonly groups: Array<{ key: Cells; attributes: Cells }> = [];
  private group: { key: Cells; attributes: Cells } | null = null;
  private seriesKey: Cells | null = null;
  private seriesCells: Cells | null = null;
  private seriesOrder: string[] = [];
  /** Whether an observation is open; its values, reused from one observation to the next, are laid over its series' (or the data set's, when flat) when it closes. */
  private inObs = false;
  private readonly obsCells = new ObsCells();
  private obsFlat = false;
  /** Without a structure, flat observations (no series) are keyed by their own ObsKey, in its order. */
  private obsKeyIds: Set<string> | null = null;
  private published: string | null = null;
  /** Where the `<Value>` elements being read go. */
  private target: CellTarget | null = null;

  constructor(
    private readonly ctx: DataContext,
    private readonly atObservation: string,
    private readonly out: Observation[],
  ) {}

  open(name: string, attributes: XmlAttributes, path: readonly string[]): void {
    const parent = path[path.length - 2];
    switch (name) {
      case 'Value': {
        const id = attributes.get('id');
        if (this.target === null || id === undefined) return;
        const code = attributes.get('value') ?? '';
        if (this.target === this.obsCells) this.obsCells.setCode(this.ctx, id, code);
        else this.target.set(id, cellOf(this.ctx, id, code));
        if (parent === 'ObsKey' && this.inObs) this.obsKeyIds?.add(id);
        return;
      }
      case 'Obs':
        if (parent === 'Series') {
          this.series();
          this.openObs(false, null);
        } else if (parent === 'DataSet') this.openObs(true, this.ctx.dimensionIds ? null : new Set<string>());
        return;
      case 'ObsKey':
        this.target = this.inObs ? this.obsCells : null;
        return;
      case 'ObsDimension':
        if (this.inObs)
          this.obsCells.set(attributes.get('id') ?? this.atObservation, {
            code: attributes.get('value') ?? '',
            label: null,
          });
        return;
      case 'ObsValue':
        if (this.inObs) this.published = valueText(attributes.get('value'));
        return;
      case 'Attributes':
        this.target = this.attributesOf(parent);
        return;
      case 'Series':
        if (parent === 'DataSet') this.seriesKey = new Map();
        return;
      case 'SeriesKey':
        this.target = this.seriesKey;
        return;
      case 'Group':
        if (parent === 'DataSet') this.group = { key: new Map(), attributes: new Map() };
        return;
      case 'GroupKey':
        this.target = this.group?.key ?? null;
        return;
    }
  }

  close(name: string, path: readonly string[]): void {
    switch (name) {
      case 'ObsKey':
      case 'Attributes':
      case 'GroupKey':
        this.target = null;
        return;
      case 'SeriesKey':
        this.target = null;
        this.series();
        return;
      case 'Obs':
        if (this.inObs) this.emit();
        this.inObs = false;
        return;
      case 'Series':
        if (path[path.length - 2] !== 'DataSet') return;
        this.seriesKey = null;
        this.seriesCells = null;
        return;
      case 'Group':
        if (this.group && path[path.length - 2] === 'DataSet') this.groups.push(this.group);
        this.group = null;
        return;
    }
  }

  text(): void {}

  private openObs(flat: boolean, keyIds: Set<string> | null): void {
    this.inObs = true;
    this.obsCells.clear();
    this.obsFlat = flat;
    this.obsKeyIds = keyIds;
    this.published = null;
  }

  private attributesOf(parent: string | undefined): CellTarget | null {
    if (parent === 'Obs') return this.inObs ? this.obsCells : null;
    if (parent === 'Series') return this.seriesKey ? this.series() : null;
    if (parent === 'Group') return this.group?.attributes ?? null;
    return parent === 'DataSet' ? this.dataSetCells : null;
  }

  /** The series' values once its key is known: data set attributes, matching groups', the key. */
  private series(): Cells {
    if (this.seriesCells) return this.seriesCells;
    const key = this.seriesKey ?? new Map();
    const cells: Cells = new Map(this.dataSetCells);
    for (const group of this.groups)
      if (matchesGroup(group.key, key)) for (const [k, v] of group.attributes) cells.set(k, v);
    for (const [k, v] of key) cells.set(k, v);
    this.seriesOrder = [...key.keys()];
    this.seriesCells = cells;
    return cells;
  }

  private emit(): void {
    const { ctx, obsCells: own, published } = this;
    const base = this.obsFlat ? this.dataSetCells : this.series();
    const keyOrder = ctx.dimensionIds
      ? null
      : messageKeyOrder(
          ctx,
          this.obsKeyIds ? [...this.obsKeyIds] : this.seriesOrder,
          (id) => own.has(id) || base.has(id),
        );
    this.out.push(buildObservation(ctx, base, published, numberOf(published), keyOrder, own));
  }
}
