import { ownText } from './own-text.js';

/** Prefixed name → its copy and its local name. */
const localNames = new Map<string, { name: string; local: string }>();
/**
 * The last prefixed name in each slot and its local name: a message's elements come in runs of a
 * few names (`str:Code`, `com:Name`, `xml:lang` in turn), which mostly differ in their length or
 * their last letters but one, so comparing with one name spares hashing each name the parser
 * hands over afresh.
 */
const RECENT = 64;
const recentNames: string[] = new Array(RECENT).fill('');
const recentLocals: string[] = new Array(RECENT).fill('');

/**
 * `mes:Structure` → `Structure`; the caches keep the hot path free of slicing. What they keep is
 * copied out of the message (a name cut from it would hold the whole message for good), and the
 * local names are the engine's shared copies of them, which readers' `switch (name)` over literal
 * names then tells apart by reference.
 */
export function localName(name: string): string {
  // A one-letter name has no letter but one before its last (NaN): it takes slot 0.
  const slot = (name.length + 31 * name.charCodeAt(name.length - 2)) & (RECENT - 1);
  if (recentNames[slot] === name) return recentLocals[slot] as string;
  if (name.indexOf(':') < 0) return name;
  let known = localNames.get(name);
  if (known === undefined) {
    known = { name: ownText(name), local: shared(name.slice(name.indexOf(':') + 1)) };
    if (localNames.size < 4096) localNames.set(known.name, known);
  }
  recentNames[slot] = known.name;
  recentLocals[slot] = known.local;
  return known.local;
}

/**
 * The text without surrounding white space. Most values have none, and two character tests
 * (printable ASCII at both ends) spare the call, which is a sizeable part of reading a value.
 */
function trimmed(text: string): string {
  const last = text.length - 1;
  if (last < 0) return text;
  const first = text.charCodeAt(0);
  const end = text.charCodeAt(last);
  return first > 32 && first < 127 && end > 32 && end < 127 ? text : text.trim();
}

/** The engine's one shared copy of a name, as it keeps for property names and literals. */
function shared(name: string): string {
  return Object.keys({ [name]: true })[0] as string;
}

/** Whether an attribute declares a namespace (`xmlns`, `xmlns:str`) rather than saying something. */
function declaresNamespace(name: string): boolean {
  return name.charCodeAt(0) === 120 && (name === 'xmlns' || name.startsWith('xmlns:'));
}

/**
 * The attributes of the element being opened, by local name (`xml:lang` is `lang`, `xsi:type` is
 * `type`) in the order written, values trimmed as they are read (most never are, such as each
 * code's URN); namespace declarations are left out.
 * One list per parser, refilled for each element as the parser reads its attributes: valid only
 * while the element is being opened, never to be kept. Reading it by position or by a short scan
 * is several times cheaper than a per-element dictionary, which has no fixed shape.
 */
export class XmlAttributes {
  private readonly names: string[] = [];
  private readonly values: string[] = [];
  /**
   * Every attribute name as written, namespace declarations too (a name written twice is malformed
   * XML), left in place from one element to the next until overwritten.
   */
  private readonly written: string[] = [];
  /** The local name of each written one (null for a namespace declaration), likewise left in place. */
  private readonly writtenLocals: Array<string | null> = [];
  private writtenCount = 0;
  /** How many names the last element had: they were distinct. */
  private lastWrittenCount = 0;
  /** Whether this element's names so far are the last element's, in the same order. */
  private repeating = false;
  length = 0;

  /** Empties the list for the next element. */
  clear(): void {
    this.length = 0;
    this.lastWrittenCount = this.writtenCount;
    this.writtenCount = 0;
    this.repeating = true;
  }

  /** Empties the list and lets go of every string it held (they may be views into a message). */
  release(): void {
    this.clear();
    this.lastWrittenCount = 0;
    this.names.length = 0;
    this.values.length = 0;
    this.written.length = 0;
    this.writtenLocals.length = 0;
  }

  /**
   * Adds an attribute as the parser gives it (prefixed name); false when the element already has
   * one so named. Elements of a message mostly repeat the names of the one before, in order: while
   * they do, a name is distinct from those before it as the last element's was, and needs no scan,
   * and its local name is the very string the last element's had, so that readers comparing names
   * from one element to the next compare references, not characters.
   */
  add(name: string, value: string): boolean {
    const at = this.writtenCount++;
    let local: string | null;
    if (this.repeating && at < this.lastWrittenCount && this.written[at] === name)
      local = this.writtenLocals[at] as string | null;
    else {
      this.repeating = false;
      for (let i = 0; i < at; i++) if (this.written[i] === name) return false;
      local = declaresNamespace(name) ? null : localName(name);
      this.written[at] = name;
      this.writtenLocals[at] = local;
    }
    if (local === null) return true;
    this.names[this.length] = local;
    this.values[this.length++] = value;
    return true;
  }

  /** The value of the attribute with this local name; undefined when absent. */
  get(name: string): string | undefined {
    for (let i = 0; i < this.length; i++)
      if (this.names[i] === name) return trimmed(this.values[i] as string);
    return undefined;
  }

  /** The local name of the attribute at a position (0 ≤ at < length). */
  nameAt(at: number): string {
    return this.names[at] as string;
  }

  /** The value of the attribute at a position (0 ≤ at < length). */
  valueAt(at: number): string {
    return trimmed(this.values[at] as string);
  }

  /** Each attribute by local name. */
  forEach(visit: (name: string, value: string) => void): void {
    for (let i = 0; i < this.length; i++) visit(this.names[i] as string, trimmed(this.values[i] as string));
  }
}
