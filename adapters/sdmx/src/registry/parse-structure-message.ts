import { createRequire } from 'node:module';
import { OpenDataError } from '@opendata-mcp/core';
import type { XMLParser } from 'fast-xml-parser';
import type {
  ArtefactRef,
  CodelistInfo,
  ComponentInfo,
  ConceptInfo,
  ConstraintInfo,
  DataflowInfo,
  DataStructureInfo,
  LocalText,
  StructureMessage,
} from './structure-types.js';

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
  'ContentConstraint',
  'DataKeySet',
  'Key',
  'KeyValue',
  'Value',
  'CubeRegion',
]);

const require = createRequire(import.meta.url);
let parser: XMLParser | undefined;

/** The XML parser, built on the first structure message rather than at server start. */
function xmlParser(): XMLParser {
  if (!parser) {
    const { XMLParser } = require('fast-xml-parser') as typeof import('fast-xml-parser');
    parser = new XMLParser({
      removeNSPrefix: true,
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseTagValue: false,
      parseAttributeValue: false,
      isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
    });
  }
  return parser;
}

// biome-ignore lint/suspicious/noExplicitAny: parsed XML is walked field by field and checked as it goes.
type Node = any;

/** Parses an SDMX-ML 2.1 structure message; anything else (an HTML page, a cut-off body) is an upstream error. */
export function parseStructureMessage(xml: string): StructureMessage {
  let root: Node;
  try {
    root = xmlParser().parse(xml, true);
  } catch {
    throw notStructure();
  }
  const message = root?.Structure;
  if (!message || typeof message !== 'object' || !message.Header) throw notStructure();
  const structures = message.Structures ?? {};
  return {
    prepared: textOf(message.Header.Prepared),
    dataflows: list(structures.Dataflows?.Dataflow).map(dataflow),
    codelists: list(structures.Codelists?.Codelist).map(codelist),
    concepts: list(structures.Concepts?.ConceptScheme).flatMap((scheme: Node) =>
      list(scheme.Concept).map(
        (c: Node): ConceptInfo => ({ scheme: String(scheme.id), id: String(c.id), names: texts(c.Name) }),
      ),
    ),
    dataStructures: list(structures.DataStructures?.DataStructure).map(dataStructure),
    constraints: list(structures.Constraints?.ContentConstraint).map(constraint),
  };
}

function notStructure(): OpenDataError {
  return new OpenDataError(
    'upstream_error',
    'The registry sent an answer that is not an SDMX-ML structure message.',
    {
      hint: 'The answer was cut off or replaced by an error page; try again or check api_status.',
    },
  );
}

function list(value: Node): Node[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function textOf(value: Node): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object') return value['#text'] === undefined ? null : String(value['#text']);
  return String(value);
}

function texts(value: Node): LocalText[] {
  return list(value)
    .map((t: Node) => ({ lang: typeof t === 'object' ? String(t.lang ?? '') : '', value: textOf(t) ?? '' }))
    .filter((t) => t.value !== '');
}

function ref(node: Node): ArtefactRef | null {
  const r = node?.Ref;
  if (!r?.id) return null;
  return { agency: r.agencyID ?? null, id: String(r.id), version: r.version ?? null };
}

function dataflow(node: Node): DataflowInfo {
  return {
    id: String(node.id),
    agency: String(node.agencyID ?? ''),
    version: String(node.version ?? '1.0'),
    names: texts(node.Name),
    descriptions: texts(node.Description),
    structure: ref(node.Structure),
  };
}

function codelist(node: Node): CodelistInfo {
  return {
    agency: node.agencyID ?? null,
    id: String(node.id),
    version: node.version ?? null,
    names: texts(node.Name),
    codes: list(node.Code).map((c: Node) => ({
      id: String(c.id),
      names: texts(c.Name),
      parent: c.Parent?.Ref?.id ? String(c.Parent.Ref.id) : null,
    })),
  };
}

function component(node: Node): ComponentInfo {
  const concept = node.ConceptIdentity?.Ref;
  const representation = node.LocalRepresentation;
  return {
    id: String(node.id),
    position: node.position === undefined ? null : Number(node.position),
    concept: concept?.id ? { scheme: concept.maintainableParentID ?? null, id: String(concept.id) } : null,
    codelist: ref(representation?.Enumeration),
    assignmentStatus: node.assignmentStatus ?? null,
  };
}

function dataStructure(node: Node): DataStructureInfo {
  const parts = node.DataStructureComponents ?? {};
  const dimensions = list(parts.DimensionList?.Dimension).map(component);
  // The DSD's positions decide the key order; document order is the fallback when none are given.
  dimensions.sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const time = parts.DimensionList?.TimeDimension;
  return {
    agency: node.agencyID ?? null,
    id: String(node.id),
    version: node.version ?? null,
    names: texts(node.Name),
    dimensions,
    timeDimension: time ? component(time) : null,
    attributes: list(parts.AttributeList?.Attribute).map(component),
    measure: parts.MeasureList?.PrimaryMeasure ? component(parts.MeasureList.PrimaryMeasure) : null,
  };
}

function constraint(node: Node): ConstraintInfo {
  const included: Record<string, Set<string>> = {};
  const add = (keyValues: Node) => {
    for (const kv of list(keyValues)) {
      const id = String(kv.id);
      const codes = included[id] ?? new Set<string>();
      included[id] = codes;
      for (const v of list(kv.Value)) {
        const code = textOf(v);
        if (code) codes.add(code);
      }
    }
  };
  for (const set of list(node.DataKeySet)) {
    if (set.isIncluded === 'false') continue;
    for (const key of list(set.Key)) add(key.KeyValue);
  }
  for (const region of list(node.CubeRegion)) {
    if (region.include === 'false') continue;
    add(region.KeyValue);
  }
  const attachment = node.ConstraintAttachment ?? {};
  return {
    id: String(node.id),
    agency: node.agencyID ?? null,
    type: String(node.type ?? 'Actual'),
    dataflows: list(attachment.Dataflow)
      .map((d: Node) => ref(d)?.id)
      .filter((id): id is string => Boolean(id)),
    included: Object.fromEntries(Object.entries(included).map(([dim, codes]) => [dim, [...codes]])),
  };
}
