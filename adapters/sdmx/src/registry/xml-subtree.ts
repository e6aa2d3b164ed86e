import { ownText } from './own-text.js';
import type { XmlAttributes } from './xml-attributes.js';
import type { Node } from './xml-nodes.js';

// Elements that may repeat; listing them keeps a one-item list from turning into an object.
const REPEATED = new Set([
  'Dataflow',
  'Name',
  'Description',
  'Codelist',
  'Code',
  'ConceptScheme',
  'Concept',
  'DataStructure',
  'Dimension',
  'Attribute',
  'Measure',
  'ConceptRole',
  'ContentConstraint',
  'DataConstraint',
  'DataKeySet',
  'Key',
  'KeyValue',
  'Value',
  'CubeRegion',
  'Annotation',
  'CategoryScheme',
  'Category',
  'Categorisation',
  'HierarchicalCodelist',
  'Hierarchy',
  'HierarchicalCode',
  'IncludedCodelist',
]);

interface Frame {
  name: string;
  node: Record<string, Node>;
  text: string;
  hasChildren: boolean;
  hasAttributes: boolean;
}

/**
 * Builds the plain-object form of one element and what it contains (one artefact of a structure
 * message, never the whole message), in the shape the structure readers walk: attributes and
 * child elements as properties by local name, repeated children as lists, text as `#text` (or the
 * element itself when it is only text). Every string is copied out of the message (`ownText`), so
 * what is kept does not hold the message in memory.
 */
export class XmlSubtree {
  private readonly frames: Frame[] = [];

  get depth(): number {
    return this.frames.length;
  }

  open(name: string, attributes: XmlAttributes): void {
    const top = this.frames[this.frames.length - 1];
    if (top) top.hasChildren = true;
    const node: Record<string, Node> = {};
    let hasAttributes = false;
    attributes.forEach((key, value) => {
      // An artefact's own URN repeats its agency, id and version, which are read instead.
      if (key === 'urn') return;
      node[key] = ownText(value);
      hasAttributes = true;
    });
    this.frames.push({ name, node, text: '', hasChildren: false, hasAttributes });
  }

  /** The open element has a child that another reader reads (a code of a code list). */
  childReadElsewhere(): void {
    const top = this.frames[this.frames.length - 1];
    if (top) top.hasChildren = true;
  }

  /**
   * Text inside the open element. White space between child elements (a pretty-printed message's
   * indentation, once per code of a long list) is dropped rather than gathered, as trimming would
   * drop it at the end anyway.
   */
  text(text: string): void {
    const top = this.frames[this.frames.length - 1];
    if (top && !(top.hasChildren && isWhiteSpace(text))) top.text += text;
  }

  /** Closes the innermost element; it is added to its parent unless `detach`, and returned. */
  close(detach = false): Node {
    const frame = this.frames.pop();
    if (!frame) return undefined;
    const text = ownText(frame.text.trim());
    let value: Node;
    if (!frame.hasChildren && !frame.hasAttributes) value = text;
    else {
      value = frame.node;
      if (text !== '') value['#text'] = text;
    }
    const parent = this.frames[this.frames.length - 1];
    if (parent && !detach) {
      const existing = parent.node[frame.name];
      if (existing === undefined) parent.node[frame.name] = REPEATED.has(frame.name) ? [value] : value;
      else if (Array.isArray(existing)) existing.push(value);
      else parent.node[frame.name] = [existing, value];
    }
    return value;
  }
}

/** Whether the text is XML white space alone (space, tab, carriage return, line feed). */
function isWhiteSpace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13) return false;
  }
  return true;
}
