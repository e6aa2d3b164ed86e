import { ownText } from './own-text.js';
import type { AnnotationInfo, ArtefactRef, LocalText } from './structure-types.js';

// biome-ignore lint/suspicious/noExplicitAny: parsed XML is walked field by field and checked as it goes.
export type Node = any;

/** A repeated element as a list, whether the parser gave none, one object or an array. */
export function list(value: Node): Node[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/** An element's text, whether the parser gave a bare string or an object with attributes. */
export function textOf(value: Node): string | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'object') return value['#text'] === undefined ? null : String(value['#text']).trim();
  return String(value).trim();
}

const languages = new Map<string, string>();

/** The shared string of the tag asked last: names mostly come in the language of the one before. */
let last = '';

/** One string per language tag: a code list of 50,000 codes in five languages would hold 250,000 copies. */
export function language(tag: string): string {
  if (tag === last) return last;
  let shared = languages.get(tag);
  if (shared === undefined) {
    shared = ownText(tag);
    if (languages.size < 512) languages.set(shared, shared);
  }
  last = shared;
  return shared;
}

export function texts(value: Node): LocalText[] {
  const all = list(value).map((t: Node) => ({
    lang: language(typeof t === 'object' ? String(t.lang ?? '') : ''),
    value: textOf(t) ?? '',
  }));
  // Filtering grows a new array in steps of 16 slots; most names are kept as mapped, sized exactly.
  return all.every((t) => t.value !== '') ? all : all.filter((t) => t.value !== '').slice();
}

export function annotations(node: Node): AnnotationInfo[] {
  return list(node?.Annotations?.Annotation).map((a: Node) => ({
    id: a.id === undefined ? null : String(a.id),
    title: textOf(a.AnnotationTitle),
    type: textOf(a.AnnotationType),
    text: textOf(list(a.AnnotationText)[0]),
  }));
}

/**
 * What a URN names: `…Codelist=ECB:CL_FREQ(1.0)` gives agency, id and version; an item URN
 * (`…Concept=ECB:ECB_CONCEPTS(1.0).FREQ`) also gives the item's id after the version.
 */
export function parseUrn(urn: string): (ArtefactRef & { item: string | null; kind: string | null }) | null {
  const match =
    /^urn:sdmx:org\.sdmx\.infomodel\.[a-z]+\.([A-Za-z]+)=([^:]+):([^(]+)\(([^)]*)\)(?:\.(.+))?$/.exec(
      urn.trim(),
    );
  if (!match) return null;
  return {
    kind: match[1] ?? null,
    agency: match[2] ?? null,
    id: match[3] ?? '',
    version: match[4] ?? null,
    item: match[5] ?? null,
  };
}

/**
 * A reference in either SDMX-ML form: a 2.1 `<Ref agencyID id version/>` child, or a 3.0 URN as
 * the element's text. For an item (a concept, a category) `id` is the item and `parent` its scheme.
 */
export function refOf(node: Node): (ArtefactRef & { parent: string | null; kind: string | null }) | null {
  if (node === undefined || node === null) return null;
  const r = typeof node === 'object' && !Array.isArray(node) ? node.Ref : undefined;
  if (r?.id !== undefined) {
    return {
      agency: r.agencyID === undefined ? null : String(r.agencyID),
      id: String(r.id),
      version: r.version === undefined ? (r.maintainableParentVersion ?? null) : String(r.version),
      parent: r.maintainableParentID === undefined ? null : String(r.maintainableParentID),
      kind: r.class === undefined ? null : String(r.class),
    };
  }
  // 2.1 also allows the URN in a <URN> child; 3.0 gives it as the element's own text.
  const urn = typeof node === 'object' && node.URN !== undefined ? textOf(node.URN) : textOf(node);
  const parsed = urn ? parseUrn(urn) : null;
  if (!parsed) return null;
  return parsed.item === null
    ? { agency: parsed.agency, id: parsed.id, version: parsed.version, parent: null, kind: parsed.kind }
    : {
        agency: parsed.agency,
        id: parsed.item,
        version: parsed.version,
        parent: parsed.id,
        kind: parsed.kind,
      };
}
