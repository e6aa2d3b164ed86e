import { OpenDataError } from '@opendata-mcp/core';
import { cutOff } from '../messages/cut-off.js';
import { jsonCutOff } from '../messages/json-cut-off.js';
import type {
  AnnotationInfo,
  ArtefactRef,
  CategoryInfo,
  CodelistInfo,
  ComponentInfo,
  ConstraintInfo,
  DataStructureInfo,
  HierarchyNode,
  LocalText,
  StructureMessage,
} from './structure-types.js';
import { parseUrn } from './xml-nodes.js';

// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON message is walked field by field and checked as it goes.
type Json = any;

/**
 * Parses an SDMX-JSON structure message (2.0, and the 1.0 layout FMR registries send) into the
 * same model as SDMX-ML: dataflows, DSDs, code lists, concepts, constraints, category schemes,
 * categorisations and hierarchies. References are URNs, as in SDMX-ML 3.0. A list of the wrong
 * shape, or no dataflow list when one is `expected`, is an upstream error, never an empty answer.
 */
export function parseStructureJson(text: string, expected?: 'dataflows'): StructureMessage {
  let message: Json;
  try {
    message = JSON.parse(text);
  } catch {
    throw jsonCutOff(text) ? cutOff('SDMX-JSON structure') : notStructure();
  }
  const data = message?.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw notStructure();
  // A dataflow query answers with the list, empty or not; without it the answer is something else.
  if (expected === 'dataflows' && !Array.isArray(data.dataflows)) throw notStructure();
  const schema = String(message.meta?.schema ?? '');
  return {
    format: /\/1\.0\//.test(schema) ? 'sdmx-json-1.0' : 'sdmx-json-2.0',
    prepared: message.meta?.prepared ? String(message.meta.prepared) : null,
    dataflows: objects(data.dataflows).map((f) => ({
      id: idOf(f),
      agency: String(f.agencyID ?? ''),
      version: String(f.version ?? '1.0'),
      names: texts(f),
      descriptions: texts(f, 'description'),
      structure: ref(f.structure),
    })),
    codelists: objects(data.codelists).map(
      (c): CodelistInfo => ({
        ...artefact(c),
        names: texts(c),
        codes: objects(c.codes).map((code) => ({
          id: idOf(code),
          names: texts(code),
          parent: code.parent === undefined ? null : String(code.parent),
        })),
        annotations: annotations(c),
      }),
    ),
    concepts: objects(data.conceptSchemes).flatMap((scheme) =>
      objects(scheme.concepts).map((c) => ({
        scheme: idOf(scheme),
        id: idOf(c),
        names: texts(c),
        codelist: ref(c.coreRepresentation?.enumeration),
      })),
    ),
    dataStructures: objects(data.dataStructures).map(dataStructure),
    constraints: [...objects(data.dataConstraints), ...objects(data.contentConstraints)].map(constraint),
    categorySchemes: objects(data.categorySchemes).map((s) => {
      const categories: CategoryInfo[] = [];
      const walk = (items: Json, path: string[]) => {
        for (const c of objects(items)) {
          categories.push({ id: idOf(c), names: texts(c), path });
          walk(c.categories, [...path, idOf(c)]);
        }
      };
      walk(s.categories, []);
      return { ...artefact(s), names: texts(s), categories };
    }),
    categorisations: objects(data.categorisations).map((c) => {
      const source = typeof c.source === 'string' ? parseUrn(c.source) : null;
      const target = typeof c.target === 'string' ? parseUrn(c.target) : null;
      return {
        id: idOf(c),
        source: {
          agency: source?.agency ?? null,
          id: source?.id ?? '',
          version: source?.version ?? null,
          kind: source?.kind ?? null,
        },
        scheme: { agency: target?.agency ?? null, id: target?.id ?? '', version: target?.version ?? null },
        categoryPath: target?.item ? target.item.split('.') : [],
      };
    }),
    hierarchies: objects(data.hierarchies).map((h) => ({
      ...artefact(h),
      hcl: null,
      names: texts(h),
      roots: nodes(h.hierarchicalCodes),
    })),
  };
}

function notStructure(): OpenDataError {
  return new OpenDataError(
    'upstream_error',
    'The registry sent an answer that is not an SDMX-JSON structure message.',
    {
      hint: 'The answer was cut off or replaced by an error page; try again or check api_status.',
    },
  );
}

/**
 * A list of the message: absent is empty, but a value that is no list means the registry answered
 * a shape this reader does not know; reading it as empty would report an honest-looking "nothing
 * found".
 */
function arr(value: Json): Json[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  throw notStructure();
}

/** A list of artefacts or items: each one an object, for the same reason. */
function objects(value: Json): Json[] {
  const items = arr(value);
  if (items.every((v) => v && typeof v === 'object' && !Array.isArray(v))) return items;
  throw notStructure();
}

/** The id of an artefact or item: a non-empty string, or the message is not one this reader knows. */
function idOf(node: Json): string {
  if (typeof node.id === 'string' && node.id !== '') return node.id;
  throw notStructure();
}

function artefact(node: Json) {
  return {
    agency: node.agencyID === undefined ? null : String(node.agencyID),
    id: idOf(node),
    version: node.version === undefined ? null : String(node.version),
  };
}

/** `names` ({lang: text}) where given, else the single `name`. */
function texts(node: Json, field = 'name'): LocalText[] {
  const many = node?.[`${field}s`];
  if (many && typeof many === 'object') {
    return Object.entries(many as Record<string, unknown>)
      .filter(([, v]) => typeof v === 'string' && v !== '')
      .map(([lang, v]) => ({ lang, value: String(v) }));
  }
  const one = node?.[field];
  return typeof one === 'string' && one !== '' ? [{ lang: '', value: one }] : [];
}

function annotations(node: Json): AnnotationInfo[] {
  return objects(node.annotations).map((a) => ({
    id: a.id === undefined ? null : String(a.id),
    title: a.title === undefined ? null : String(a.title),
    type: a.type === undefined ? null : String(a.type),
    text: typeof a.text === 'string' ? a.text : null,
  }));
}

function ref(urn: Json): ArtefactRef | null {
  const parsed = typeof urn === 'string' ? parseUrn(urn) : null;
  return parsed ? { agency: parsed.agency, id: parsed.id, version: parsed.version } : null;
}

function component(node: Json): ComponentInfo {
  const concept = typeof node.conceptIdentity === 'string' ? parseUrn(node.conceptIdentity) : null;
  const relationship = node.attributeRelationship;
  return {
    id: String(node.id ?? concept?.item ?? ''),
    position: typeof node.position === 'number' ? node.position : null,
    concept: concept?.item
      ? { scheme: concept.id, id: concept.item, agency: concept.agency, version: concept.version }
      : null,
    codelist: ref(node.localRepresentation?.enumeration),
    assignmentStatus: node.assignmentStatus ?? node.usage ?? null,
    roles: arr(node.conceptRoles)
      .map((r) => (typeof r === 'string' ? (parseUrn(r)?.item ?? null) : null))
      .filter((r): r is string => r !== null),
    attachment: !relationship
      ? null
      : relationship.observation || relationship.primaryMeasure
        ? 'observation'
        : relationship.dataflow || relationship.none
          ? 'dataset'
          : arr(relationship.dimensions).map(String),
  };
}

function dataStructure(node: Json): DataStructureInfo {
  const parts = node.dataStructureComponents ?? {};
  const dimensions = objects(parts.dimensionList?.dimensions).map(component);
  dimensions.sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const time = arr(parts.dimensionList?.timeDimensions)[0] ?? parts.dimensionList?.timeDimension;
  const measures = [
    ...objects(parts.measureList?.measures),
    ...(parts.measureList?.primaryMeasure ? [parts.measureList.primaryMeasure] : []),
  ].map(component);
  return {
    ...artefact(node),
    names: texts(node),
    dimensions,
    timeDimension: time ? component(time) : null,
    attributes: objects(parts.attributeList?.attributes).map(component),
    measure: measures[0] ?? null,
    measures,
  };
}

function constraint(node: Json): ConstraintInfo {
  const included: Record<string, string[]> = {};
  const excluded: Record<string, string[]> = {};
  let timeRange: ConstraintInfo['timeRange'] = null;
  for (const region of objects(node.cubeRegions)) {
    const into = region.include === false ? excluded : included;
    for (const kv of [...objects(region.keyValues), ...objects(region.components)]) {
      const values = arr(kv.values).map((v) =>
        typeof v === 'object' && v !== null ? String(v.value) : String(v),
      );
      if (values.length > 0) into[String(kv.id)] = [...new Set([...(into[String(kv.id)] ?? []), ...values])];
      if (kv.timeRange && into === included) {
        const range = kv.timeRange;
        timeRange = {
          start: range.startPeriod?.period ?? range.afterPeriod?.period ?? null,
          end: range.endPeriod?.period ?? range.beforePeriod?.period ?? null,
        };
      }
    }
  }
  const notes = annotations(node);
  const count = (id: string) => {
    const n = Number(notes.find((a) => a.id === id)?.title);
    return Number.isFinite(n) && notes.some((a) => a.id === id) ? n : null;
  };
  return {
    id: String(node.id),
    agency: node.agencyID === undefined ? null : String(node.agencyID),
    type: String(node.role ?? node.type ?? 'Actual'),
    dataflows: arr(node.constraintAttachment?.dataflows)
      .map((urn) => ref(urn)?.id)
      .filter((id): id is string => Boolean(id)),
    included,
    excluded,
    timeRange,
    keys: [],
    observationCount: count('obs_count'),
    seriesCount: count('series_count'),
  };
}

function nodes(items: Json): HierarchyNode[] {
  return objects(items).map((item) => {
    const code = typeof item.code === 'string' ? parseUrn(item.code) : null;
    return {
      code: code?.item ?? String(item.id),
      codelist: code ? { agency: code.agency, id: code.id, version: code.version } : null,
      children: nodes(item.hierarchicalCodes),
    };
  });
}
