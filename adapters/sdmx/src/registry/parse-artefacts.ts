import { type CodeTable, withCodeTable } from './code-table.js';
import type {
  ArtefactRef,
  CodelistInfo,
  ComponentInfo,
  ConceptInfo,
  DataflowInfo,
  DataStructureInfo,
} from './structure-types.js';
import { annotations, list, type Node, refOf, textOf, texts } from './xml-nodes.js';

// Readers of one artefact of an SDMX-ML structure message (2.1 or 3.0), from its plain-object form.

function artefact(node: Node) {
  return {
    agency: node.agencyID === undefined ? null : String(node.agencyID),
    id: String(node.id),
    version: node.version === undefined ? null : String(node.version),
  };
}

export function parseDataflow(node: Node): DataflowInfo {
  const structure = refOf(node.Structure);
  return {
    id: String(node.id),
    agency: String(node.agencyID ?? ''),
    version: String(node.version ?? '1.0'),
    names: texts(node.Name),
    descriptions: texts(node.Description),
    structure: structure ? { agency: structure.agency, id: structure.id, version: structure.version } : null,
  };
}

/** A code list without its codes, which are read into a table as they stream past (`CodeReader`). */
export function parseCodelist(node: Node, codes: CodeTable): CodelistInfo {
  return withCodeTable({ ...artefact(node), names: texts(node.Name), annotations: annotations(node) }, codes);
}

export function parseConcepts(scheme: Node): ConceptInfo[] {
  return list(scheme.Concept).map(
    (c: Node): ConceptInfo => ({
      scheme: String(scheme.id),
      id: String(c.id),
      names: texts(c.Name),
      codelist: plainRef(refOf(c.CoreRepresentation?.Enumeration)),
    }),
  );
}

function plainRef(ref: ArtefactRef | null): ArtefactRef | null {
  return ref ? { agency: ref.agency, id: ref.id, version: ref.version } : null;
}

function component(node: Node): ComponentInfo {
  const concept = refOf(node.ConceptIdentity);
  return {
    // A component may leave its id out; it is then its concept's id (OBS_VALUE for the primary measure).
    id: String(node.id ?? concept?.id ?? ''),
    position: node.position === undefined ? null : Number(node.position),
    concept: concept
      ? { scheme: concept.parent, id: concept.id, agency: concept.agency, version: concept.version }
      : null,
    codelist: plainRef(refOf(node.LocalRepresentation?.Enumeration)),
    assignmentStatus:
      node.assignmentStatus === undefined
        ? node.usage === undefined
          ? null
          : String(node.usage)
        : String(node.assignmentStatus),
    roles: list(node.ConceptRole)
      .map((r: Node) => refOf(r)?.id)
      .filter((id): id is string => Boolean(id)),
    attachment: attachment(node.AttributeRelationship),
  };
}

/** Where an attribute's values sit, from its AttributeRelationship (2.1 and 3.0 spellings). */
function attachment(relationship: Node): ComponentInfo['attachment'] {
  if (relationship === undefined) return null;
  if (relationship.PrimaryMeasure !== undefined || relationship.Observation !== undefined)
    return 'observation';
  if (relationship.None !== undefined || relationship.Dataflow !== undefined) return 'dataset';
  const dimensions = list(relationship.Dimension)
    .map((d: Node) => refOf(d)?.id ?? textOf(d))
    .filter((id): id is string => Boolean(id));
  if (dimensions.length > 0) return dimensions;
  return relationship.Group !== undefined ? [] : null;
}

export function parseDataStructure(node: Node): DataStructureInfo {
  const parts = node.DataStructureComponents ?? {};
  const dimensions = list(parts.DimensionList?.Dimension).map(component);
  // The DSD's positions decide the key order; document order is the fallback when none are given.
  dimensions.sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const time = parts.DimensionList?.TimeDimension;
  const measures = [
    ...list(parts.MeasureList?.PrimaryMeasure).map(component),
    ...list(parts.MeasureList?.Measure).map(component),
  ];
  return {
    ...artefact(node),
    names: texts(node.Name),
    dimensions,
    timeDimension: time ? component(time) : null,
    attributes: list(parts.AttributeList?.Attribute).map(component),
    measure: measures[0] ?? null,
    measures,
  };
}
