import type { CodedValue } from './observation.js';
import { OWN_CELL } from './observation-layout.js';

/** A CSV column holding a coded component, and where its label comes from. */
export interface CodedColumn {
  index: number;
  /** Index of the column holding this component's label, when the registry sends one. */
  labelAt: number | null;
  /** `labels=both` style: "CODE: Label" in the cell. */
  combined: boolean;
}

/**
 * The cells of one coded column, one per distinct text (code, or code and label), each with a
 * token for sharing observation shapes; a component given by two columns (which write the same
 * slot) gets cells of its own, since two columns' tokens would collide.
 */
export class CsvColumnCells {
  private readonly byText = new Map<string, number>();
  private readonly cells: CodedValue[] = [];
  token = 0;

  constructor(
    private readonly column: CodedColumn,
    private readonly alone: boolean,
  ) {}

  /** The cell of this column in `row`; its token is left in `token`. */
  read(row: string[]): CodedValue {
    const { column } = this;
    const raw = row[column.index] ?? '';
    const sent = column.labelAt === null ? null : (row[column.labelAt] ?? '');
    const text = sent === null ? raw : `${raw}\u0000${sent}`;
    let token = this.byText.get(text);
    if (token === undefined) {
      token = this.cells.push(coded(raw, sent, column.combined)) - 1;
      this.byText.set(text, token);
    }
    this.token = this.alone ? token : OWN_CELL;
    return this.cells[token] as CodedValue;
  }
}

function coded(raw: string, sent: string | null, combined: boolean): CodedValue {
  if (combined) {
    const colon = raw.indexOf(': ');
    if (colon > 0) return { code: raw.slice(0, colon), label: raw.slice(colon + 2) };
  }
  return { code: raw, label: sent === null || sent === '' ? null : sent };
}
