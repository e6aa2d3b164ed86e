import type { DataContext } from './data-context.js';
import type { CodedValue } from './observation.js';

/** Component id → value, in the order the message gave them (which orders keys and attributes). */
export type Cells = Map<string, CodedValue>;

/** A group applies to a series whose key agrees with every dimension value the group key names. */
export function matchesGroup(group: Cells, key: Cells): boolean {
  for (const [id, cell] of group) {
    const own = key.get(id);
    if (own && own.code !== cell.code) return false;
  }
  return true;
}

/** The published observation value: null for a missing or empty value and for "NaN". */
export function valueText(value: string | undefined): string | null {
  if (value === undefined || value === '' || value === 'NaN') return null;
  return value;
}

/**
 * Without a structure the message alone cannot tell dimensions from series attributes in
 * structure-specific data; the series key (generic) or the series element's values are taken as
 * the key. With a structure its dimension order always wins.
 */
export function messageKeyOrder(
  ctx: { dimensionIds: string[] | null; timeId: string; measureId: string },
  order: string[],
  has: (id: string) => boolean,
): string[] | null {
  if (ctx.dimensionIds) return null;
  return order.filter((id) => has(id) && id !== ctx.timeId && id !== ctx.measureId);
}

/**
 * The cell of a coded value: the context's one shared cell per component and code (no object per
 * observation), except the measure, whose values are nearly all distinct and are read once.
 */
export function cellOf(ctx: DataContext, id: string, code: string): CodedValue {
  return id === ctx.measureId ? { code, label: null } : ctx.cell(id, code);
}
