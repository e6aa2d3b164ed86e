import type { CodeTableBuilder } from './code-table-builder.js';
import { ownText } from './own-text.js';
import type { XmlAttributes } from './xml-attributes.js';
import { parseUrn } from './xml-nodes.js';

/**
 * Reads one code of a code list straight from its elements into the list's table, keeping only
 * what the tools use: its id, its names by language and its parent. A code list can hold tens of
 * thousands of codes, so no tree of a code is built on the way, and nothing is copied out of the
 * message before the whole list is read. The parent is a 2.1 `<Parent><Ref id/></Parent>`, a URN
 * (in a `<URN>` or as the element's text) or, in 3.0, the parent's id as text. Other parts of a
 * code are passed over (the caller skips descriptions and annotations unread).
 */
export class CodeReader {
  /** Depth inside the code: 1 is the `<Code>` element itself. */
  private depth = 0;
  /** The table of the list being read. */
  into: CodeTableBuilder | null = null;
  /** The language and the text so far of the name being read (while `part` is 'name'). */
  private nameLang = '';
  private nameText = '';
  /** The parent as written so far, or null when the code names none. */
  private parent: { text: string; ref: string | null; urn: string | null; inUrn: boolean } | null = null;
  /** Which part of the code is open (a child of `<Code>`), when it is one that is read. */
  private part: 'name' | 'parent' | null = null;

  /** Whether a code is being read. */
  get reading(): boolean {
    return this.depth > 0;
  }

  /** An element opens: the code itself when none is being read, else a part of it. */
  open(element: string, attributes: XmlAttributes): void {
    const depth = ++this.depth;
    if (depth === 1) {
      this.into?.startCode(attributes.get('id') ?? '');
      this.parent = null;
    } else if (depth === 2) {
      this.part = element === 'Name' ? 'name' : element === 'Parent' ? 'parent' : null;
      if (this.part === 'name') {
        this.nameLang = attributes.get('lang') ?? '';
        this.nameText = '';
      } else if (this.part === 'parent') this.parent = { text: '', ref: null, urn: null, inUrn: false };
    } else if (depth === 3 && this.part === 'parent' && this.parent) {
      const id = element === 'Ref' ? attributes.get('id') : undefined;
      if (id !== undefined) this.parent.ref ??= id;
      this.parent.inUrn = element === 'URN' && this.parent.urn === null;
      if (this.parent.inUrn) this.parent.urn = '';
    }
  }

  /** Text directly inside a name, the parent, or the parent's URN; any other is not read. */
  text(text: string): void {
    if (this.depth === 2) {
      if (this.part === 'name') this.nameText += text;
      else if (this.part === 'parent' && this.parent) this.parent.text += text;
    } else if (this.depth === 3 && this.parent?.inUrn) this.parent.urn += text;
  }

  /** An element closes: the code's own element ends the code. */
  close(): void {
    const depth = this.depth--;
    if (depth === 3 && this.parent) this.parent.inUrn = false;
    if (depth === 2) {
      if (this.part === 'name') {
        const value = this.nameText.trim();
        if (value !== '') this.into?.addName(this.nameLang, value);
        this.nameText = '';
      }
      this.part = null;
    }
    if (depth === 1) this.into?.endCode(this.parentId());
  }

  /** The parent's id: a 2.1 reference's, a URN's item (or the artefact it names), else its text. */
  private parentId(): string | null {
    const parent = this.parent;
    if (!parent) return null;
    if (parent.ref !== null) return parent.ref;
    const own = parent.text.trim();
    const urn = parent.urn === null ? own : parent.urn.trim();
    // Copied first: a regular expression that matches keeps its subject (`RegExp.lastMatch`).
    const parsed = urn === '' ? null : parseUrn(ownText(urn));
    if (parsed) return parsed.item ?? parsed.id;
    return own === '' ? null : own;
  }
}
