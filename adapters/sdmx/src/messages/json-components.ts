import type { DataContext } from './data-context.js';
import type { CodedValue } from './observation.js';

// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON message is walked field by field and checked as it goes.
export type Json = any;

/** A dimension or attribute of an SDMX-JSON structure, with the values its indexes point into. */
export interface Component {
  id: string;
  keyPosition: number | null;
  values: Json[];
  /** Values already resolved to a code and label, by index. */
  resolved: Array<CodedValue | undefined>;
  /** Where its value sits in an observation's cells. */
  slot: number;
  /** Whether another component has the same id (and slot), so an index alone does not name its cell. */
  shared: boolean;
}

export function components(list: Json): Component[] {
  return (Array.isArray(list) ? list : []).map((c: Json) => ({
    id: String(c.id),
    keyPosition: typeof c.keyPosition === 'number' ? c.keyPosition : null,
    values: Array.isArray(c.values) ? c.values : [],
    resolved: [],
    slot: -1,
    shared: false,
  }));
}

/** Gives each component the slot of its id, first seen first (the order a merged map would keep). */
export function assignSlots(levels: Component[][]): string[] {
  const ids: string[] = [];
  const first = new Map<string, Component>();
  for (const level of levels)
    for (const c of level) {
      const seen = first.get(c.id);
      if (seen) {
        c.slot = seen.slot;
        seen.shared = c.shared = true;
      } else {
        c.slot = ids.push(c.id) - 1;
        first.set(c.id, c);
      }
    }
  return ids;
}

/** The slots of some components, for copying a level's values in one loop. */
export function slotsOf(levels: Component[][]): Int32Array {
  return Int32Array.from(levels.flat(), (c) => c.slot);
}

/**
 * A dimension value by its index, resolved once (code, and label from the message or else the
 * code list) and shared by every observation; undefined when the index points at nothing.
 */
export function dimensionValue(
  component: Component,
  index: number,
  ctx: DataContext,
): CodedValue | undefined {
  const resolved = component.resolved[index];
  if (resolved !== undefined) return resolved;
  const value = component.values[index];
  if (value === undefined) return undefined;
  const code = value.id === undefined ? String(value.name ?? '') : String(value.id);
  const cell = { code, label: labelOf(value, ctx.language) ?? ctx.label(component.id, code) };
  component.resolved[index] = cell;
  return cell;
}

/**
 * An attribute value by its index; one without an id (a free text such as a title: a name in
 * 1.0, a `value` in 2.0) is its own code.
 */
export function attributeValue(
  component: Component,
  index: number,
  ctx: DataContext,
): CodedValue | undefined {
  const resolved = component.resolved[index];
  if (resolved !== undefined) return resolved;
  const value = component.values[index];
  if (value === undefined) return undefined;
  const cell =
    value.id === undefined
      ? { code: labelOf(value, ctx.language) ?? textOf(value.value, ctx.language) ?? '', label: null }
      : { code: String(value.id), label: labelOf(value, ctx.language) };
  component.resolved[index] = cell;
  return cell;
}

function labelOf(value: Json, language: string): string | null {
  return textOf(value?.names, language) ?? textOf(value?.name, language);
}

/** A text as given, or in the preferred language (else English, else the first) when given in several. */
function textOf(text: Json, language: string): string | null {
  if (typeof text === 'string') return text;
  if (typeof text === 'number') return String(text);
  if (text && typeof text === 'object') {
    const chosen = text[language] ?? text.en ?? Object.values(text)[0];
    if (typeof chosen === 'string') return chosen;
  }
  return null;
}
