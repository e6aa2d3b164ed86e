import type { CodedValue } from './observation.js';

/**
 * One observation's own values, by position in the order the message gave them: one instance per
 * reader, cleared and refilled for each observation rather than a map made per observation (which
 * left the collector more work than the parse). An observation names a handful of components, so a
 * look-up is a short scan (ids are the reader's own strings, compared by reference first).
 */
export class ObsCells {
  private readonly ids: string[] = [];
  private readonly cells: CodedValue[] = [];
  size = 0;

  clear(): void {
    this.size = 0;
  }

  /** Sets a value; one already given keeps its position, as a map's would. */
  set(id: string, cell: CodedValue): void {
    const at = this.indexOf(id);
    if (at >= 0) {
      this.cells[at] = cell;
      return;
    }
    this.ids[this.size] = id;
    this.cells[this.size++] = cell;
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

  private indexOf(id: string): number {
    const { ids } = this;
    for (let i = 0; i < this.size; i++) if (ids[i] === id) return i;
    return -1;
  }
}
