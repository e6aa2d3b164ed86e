import { OpenDataError } from '@opendata-mcp/core';
import { cutOff } from '../messages/cut-off.js';
import { xmlCutOff } from '../messages/xml-cut-off.js';
import { parseCategorisation, parseCategoryScheme } from './parse-categories.js';
import { parseConstraint } from './parse-constraint.js';
import { parseHierarchies } from './parse-hierarchies.js';
import { sdmxXmlParser } from './sdmx-xml-parser.js';
import type {
  CodelistInfo,
  ComponentInfo,
  ConceptInfo,
  DataflowInfo,
  DataStructureInfo,
  StructureMessage,
} from './structure-types.js';
import { annotations, list, type Node, refOf, textOf, texts } from './xml-nodes.js';

/**
 * Parses an SDMX-ML structure message, 2.1 or 3.0 (the version is read from the message's
 * namespace); anything else (an HTML page, a cut-off body) is an upstream error.
 */
export function parseStructureMessage(xml: string): StructureMessage {
  if (xmlCutOff(xml)) throw cutOff('SDMX-ML structure');
  let root: Node;
  try {
    root = sdmxXmlParser().parse(xml, true);
  } catch {
    throw notStructure();
  }
  const message = root?.Structure;
  if (!message || typeof message !== 'object' || !message.Header) throw notStructure();
  const v3 = /schemas\/v3_\d\/message/.test(xml.slice(0, 4096));
  const structures = message.Structures ?? {};
  const constraints = [
    ...list(structures.Constraints?.ContentConstraint),
    ...list(structures.DataConstraints?.DataConstraint),
    ...list(structures.Constraints?.DataConstraint),
  ];
  return {
    format: v3 ? 'sdmx-ml-3.0' : 'sdmx-ml-2.1',
    prepared: textOf(message.Header.Prepared),
    dataflows: list(structures.Dataflows?.Dataflow).map(dataflow),
    codelists: list(structures.Codelists?.Codelist).map(codelist),
    concepts: list(structures.Concepts?.ConceptScheme).flatMap((scheme: Node) =>
      list(scheme.Concept).map(
        (c: Node): ConceptInfo => ({
          scheme: String(scheme.id),
          id: String(c.id),
          names: texts(c.Name),
          codelist: refOf(c.CoreRepresentation?.Enumeration),
        }),
      ),
    ),
    dataStructures: list(structures.DataStructures?.DataStructure).map(dataStructure),
    constraints: constraints.map(parseConstraint),
    categorySchemes: list(structures.CategorySchemes?.CategoryScheme).map(parseCategoryScheme),
    categorisations: list(structures.Categorisations?.Categorisation).map(parseCategorisation),
    hierarchies: parseHierarchies(structures),
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

function artefact(node: Node) {
  return {
    agency: node.agencyID === undefined ? null : String(node.agencyID),
    id: String(node.id),
    version: node.version === undefined ? null : String(node.version),
  };
}

function dataflow(node: Node): DataflowInfo {
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

function codelist(node: Node): CodelistInfo {
  return {
    ...artefact(node),
    names: texts(node.Name),
    codes: list(node.Code).map((c: Node) => ({
      id: String(c.id),
      names: texts(c.Name),
      // 2.1 points at the parent with a Ref, 3.0 names it as text.
      parent: c.Parent === undefined ? null : (refOf(c.Parent)?.id ?? textOf(c.Parent)),
    })),
    annotations: annotations(node),
  };
}

function component(node: Node): ComponentInfo {
  const concept = refOf(node.ConceptIdentity);
  const enumeration = refOf(node.LocalRepresentation?.Enumeration);
  return {
    // A component may leave its id out; it is then its concept's id (OBS_VALUE for the primary measure).
    id: String(node.id ?? concept?.id ?? ''),
    position: node.position === undefined ? null : Number(node.position),
    concept: concept ? { scheme: concept.parent, id: concept.id } : null,
    codelist: enumeration
      ? { agency: enumeration.agency, id: enumeration.id, version: enumeration.version }
      : null,
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

function dataStructure(node: Node): DataStructureInfo {
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
