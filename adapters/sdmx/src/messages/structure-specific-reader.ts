import type { XmlAttributes } from '../registry/xml-attributes.js';
import { type Cells, cellOf, matchesGroup, messageKeyOrder, valueText } from './data-cells.js';
import { buildObservation, type DataContext } from './data-context.js';
import { ObsCells } from './obs-cells.js';
import { numberOf, type Observation } from './observation.js';

// Message plumbing that rides on data elements and is never a component.
const PLUMBING = new Set(['type', 'structureRef', 'action', 'validFromDate', 'validToDate', 'setID']);

/** A 3.0 `<Comp id>` element: an attribute with several values (or texts), joined with ";". */
interface CompState {
  into: Cells | ObsCells | null;
  id: string | undefined;
  values: string[];
  /** The value being read: its own text, or its first `<Text>`'s when it has texts. */
  value: { own: string; firstText: string | null; inText: boolean } | null;
}

function dropPlumbing(cells: Cells): void {
  for (const p of PLUMBING) cells.delete(p);
}

/**
 * One data set of a StructureSpecificData message (2.1, its time-series variant, or 3.0), read
 * element by element: values are XML attributes named after their components. The data set's own
 * XML attributes are plumbing; its components arrive as `Comp` elements.
 */
export class StructureSpecificReader {
  private readonly dataSetCells: Cells = new Map();
  private readonly groups: Cells[] = [];
  private group: Cells | null = null;
  private seriesKey: Cells | null = null;
  private seriesCells: Cells | null = null;
  private seriesOrder: string[] = [];
  /** Whether an observation is open; its own values, reused from one observation to the next, are laid over its series' (or the data set's, when flat) at close. */
  private inObs = false;
  private readonly obsCells = new ObsCells();
  private obsFlat = false;
  private comp: CompState | null = null;
  /**
   * The last observation's attribute names, by position, and whether each is plumbing:
   * observations name their values in the same order, so a comparison mostly replaces the look-up.
   */
  private readonly obsNames: string[] = [];
  private readonly obsPlumbing: boolean[] = [];

  constructor(
    private readonly ctx: DataContext,
    private readonly out: Observation[],
  ) {}

  open(name: string, attributes: XmlAttributes, path: readonly string[]): void {
    const parent = path[path.length - 2];
    switch (name) {
      case 'Obs':
        if (parent === 'Series') {
          this.series();
          this.openObs(attributes, false);
        } else if (parent === 'DataSet') this.openObs(attributes, true);
        return;
      case 'Series':
        if (parent === 'DataSet') this.seriesKey = this.cellsOf(attributes);
        return;
      case 'Group':
        if (parent === 'DataSet') this.group = this.cellsOf(attributes);
        return;
      case 'Comp':
        this.comp = {
          into: this.compTarget(parent),
          id: attributes.get('id'),
          values: [],
          value: null,
        };
        return;
      case 'Value':
        if (this.comp && parent === 'Comp') this.comp.value = { own: '', firstText: null, inText: false };
        return;
      case 'Text': {
        const value = this.comp?.value;
        if (value && parent === 'Value' && value.firstText === null) {
          value.firstText = '';
          value.inText = true;
        }
        return;
      }
    }
  }

  close(name: string, path: readonly string[]): void {
    switch (name) {
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
        if (this.group && path[path.length - 2] === 'DataSet') {
          dropPlumbing(this.group);
          this.groups.push(this.group);
        }
        this.group = null;
        return;
      case 'Text':
        if (this.comp?.value) this.comp.value.inText = false;
        return;
      case 'Value': {
        const comp = this.comp;
        if (!comp?.value || path[path.length - 2] !== 'Comp') return;
        comp.values.push((comp.value.firstText ?? comp.value.own).trim());
        comp.value = null;
        return;
      }
      case 'Comp': {
        const comp = this.comp;
        // Plumbing is never a component, wherever it is written (data set and observation values are not dropped later).
        if (comp?.into && comp.id !== undefined && !PLUMBING.has(comp.id))
          comp.into.set(comp.id, { code: comp.values.join(';'), label: null });
        this.comp = null;
        return;
      }
    }
  }

  text(text: string): void {
    const value = this.comp?.value;
    if (!value) return;
    if (value.inText) value.firstText += text;
    else if (value.firstText === null) value.own += text;
  }

  private cellsOf(attributes: XmlAttributes, into: Cells = new Map()): Cells {
    attributes.forEach((id, code) => {
      into.set(id, cellOf(this.ctx, id, code));
    });
    return into;
  }

  /** Opens an observation with its own values: every attribute but plumbing. */
  private openObs(attributes: XmlAttributes, flat: boolean): void {
    const { ctx, obsNames, obsPlumbing, obsCells: cells } = this;
    this.inObs = true;
    this.obsFlat = flat;
    cells.clear();
    for (let at = 0; at < attributes.length; at++) {
      const id = attributes.nameAt(at);
      if (obsNames[at] !== id) {
        obsNames[at] = id;
        obsPlumbing[at] = PLUMBING.has(id);
      }
      if (!obsPlumbing[at]) cells.setCode(ctx, id, attributes.valueAt(at));
    }
  }

  private compTarget(parent: string | undefined): Cells | ObsCells | null {
    if (parent === 'Obs') return this.inObs ? this.obsCells : null;
    if (parent === 'Series') return this.seriesKey;
    if (parent === 'Group') return this.group;
    return parent === 'DataSet' ? this.dataSetCells : null;
  }

  /** The series' values once its key is known: data set values, matching groups', the key. */
  private series(): Cells {
    if (this.seriesCells) return this.seriesCells;
    const key = this.seriesKey ?? new Map();
    dropPlumbing(key);
    const cells: Cells = new Map(this.dataSetCells);
    for (const group of this.groups)
      if (matchesGroup(group, key)) for (const [k, v] of group) cells.set(k, v);
    for (const [k, v] of key) cells.set(k, v);
    this.seriesOrder = [...key.keys()];
    this.seriesCells = cells;
    return cells;
  }

  private emit(): void {
    const { ctx, obsCells: own } = this;
    const base = this.obsFlat ? this.dataSetCells : this.series();
    const order = this.obsFlat
      ? ctx.dimensionIds
        ? this.seriesOrder
        : [...own.keys()].filter((k) => k !== ctx.timeId && k !== ctx.measureId)
      : this.seriesOrder;
    const published = valueText((own.get(ctx.measureId) ?? base.get(ctx.measureId))?.code);
    const keyOrder = ctx.dimensionIds
      ? null
      : messageKeyOrder(ctx, order, (id) => own.has(id) || base.has(id));
    this.out.push(buildObservation(ctx, base, published, numberOf(published), keyOrder, own));
  }
}
