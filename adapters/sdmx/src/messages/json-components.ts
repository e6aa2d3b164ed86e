import type { DataContext } from './data-context.js';
import type { CodedValue } from './observation.js';

// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON message is walked field by field and checked as it goes.
export type Json = any;

/** A dimension or attribute of an SDMX-JSON structure, with the values its indexes point into. */
export interface Component {
  id: string;
  keyPosition: number | null;
  /** Its values as a code and label, by index (undefined: the message gives nothing usable). */
  resolved: Array<CodedValue | undefined>;
  /** Where its value sits in an observation's cells. */
  slot: number;
  /** Whether another component has the same id (and slot), so an index alone does not name its cell. */
  shared: boolean;
}

/**
 * The components a structure lists, each with every value resolved up front (dimension values or
 * attribute values, as `kind` says): decoding then only indexes arrays and never reads the
 * message's own objects, whose layouts V8 forgets with the message (and with them the optimized
 * code that read them).
 */
export function components(list: Json, kind: 'dimension' | 'attribute', ctx: DataContext): Component[] {
  const resolve = kind === 'dimension' ? dimensionValue : attributeValue;
  return (Array.isArray(list) ? list : []).map((c: Json) => {
    const values: Json[] = Array.isArray(c.values) ? c.values : [];
    const component: Component = {
      id: String(c.id),
      keyPosition: typeof c.keyPosition === 'number' ? c.keyPosition : null,
      resolved: [],
      slot: -1,
      shared: false,
    };
    component.resolved = values.map((value) =>
      value !== null && typeof value === 'object' ? resolve(component.id, value, ctx) : undefined,
    );
    return component;
  });
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

/** A dimension value: its code, and its label from the message or else the code list. */
function dimensionValue(id: string, value: Json, ctx: DataContext): CodedValue {
  const code = value.id === undefined ? String(value.name ?? '') : String(value.id);
  return { code, label: labelOf(value, ctx.language) ?? ctx.label(id, code) };
}

/**
 * An attribute value; one without an id (a free text such as a title: a name in 1.0, a `value`
 * in 2.0) is its own code.
 */
function attributeValue(_id: string, value: Json, ctx: DataContext): CodedValue {
  return value.id === undefined
    ? { code: labelOf(value, ctx.language) ?? textOf(value.value, ctx.language) ?? '', label: null }
    : { code: String(value.id), label: labelOf(value, ctx.language) };
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
