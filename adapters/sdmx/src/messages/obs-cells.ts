import { cellOf } from './data-cells.js';
import type { DataContext } from './data-context.js';
import type { CodedValue } from './observation.js';

/**
 * One observation's own values, by position in the order the message gave them: one instance per
 * reader, cleared and refilled for each observation rather than a map made per observation (which
 * left the collector more work than the parse). An observation names a handful of components, so a
 * look-up is a short scan (ids are the reader's own strings, compared by reference first).
 * What a position held for the last observation stays until overwritten: observations of a
 * message mostly repeat the one before's codes, so a code is first compared with that cell's.
 */
export class ObsCells {
  private readonly ids: string[] = [];
  private readonly cells: CodedValue[] = [];
  size = 0;
  /** How many values the last observation had: its ids, in `ids` still, are distinct. */
  private lastSize = 0;

  clear(): void {
    this.lastSize = this.size;
    this.size = 0;
  }

  /**
   * Sets a value; one already given keeps its position, as a map's would. An id the last
   * observation had at this position keeps the string it had then, so that ids read afresh from
   * each observation's text are compared by reference further on.
   */
  set(id: string, cell: CodedValue): void {
    const repeated = this.repeats(id);
    const at = repeated ? -1 : this.indexOf(id);
    if (at >= 0) {
      this.cells[at] = cell;
      return;
    }
    if (!repeated) this.ids[this.size] = id;
    this.cells[this.size++] = cell;
  }

  /** Sets a component's coded value (see `cellOf`), reusing the last observation's cell at this position when it has the same code. */
  setCode(ctx: DataContext, id: string, code: string): void {
    const at = this.size;
    const last = this.cells[at];
    if (last !== undefined && last.code === code && this.repeats(id)) {
      this.size++;
      return;
    }
    this.set(id, cellOf(ctx, id, code));
  }

  get(id: string): CodedValue | undefined {
    const at = this.indexOf(id);
    return at < 0 ? undefined : this.cells[at];
  }

  has(id: string): boolean {
    return this.indexOf(id) >= 0;
  }

  idAt(at: number): string {
    return this.ids[at] as string;
  }

  cellAt(at: number): CodedValue {
    return this.cells[at] as CodedValue;
  }

  /** The ids given, in order (a new array). */
  keys(): string[] {
    return this.ids.slice(0, this.size);
  }

  /**
   * Whether `id` is the last observation's at the next position, with every earlier one the same
   * too: then it is not among them (the last observation's were distinct), and needs no scan.
   */
  private repeats(id: string): boolean {
    const at = this.size;
    if (at >= this.lastSize || this.ids[at] !== id) {
      this.lastSize = 0;
      return false;
    }
    return true;
  }

  private indexOf(id: string): number {
    const { ids } = this;
    for (let i = 0; i < this.size; i++) if (ids[i] === id) return i;
    return -1;
  }
}
