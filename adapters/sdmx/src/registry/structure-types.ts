/** A text in one language, as SDMX-ML gives names and descriptions. */
export interface LocalText {
  lang: string;
  value: string;
}

/** A reference to a maintainable artefact; parts the message leaves out stay null. */
export interface ArtefactRef {
  agency: string | null;
  id: string;
  version: string | null;
}

export interface DataflowInfo {
  id: string;
  agency: string;
  version: string;
  names: LocalText[];
  descriptions: LocalText[];
  structure: ArtefactRef | null;
}

/** An annotation as registries attach them (e.g. `obs_count` on an availability answer). */
export interface AnnotationInfo {
  id: string | null;
  title: string | null;
  type: string | null;
  text: string | null;
}

export interface CodeInfo {
  id: string;
  names: LocalText[];
  /** The parent code in the same list (2.1 `Parent/Ref`, 3.0 `Parent`); null at the top. */
  parent: string | null;
}

export interface CodelistInfo extends ArtefactRef {
  names: LocalText[];
  codes: CodeInfo[];
  /** Annotations on the list itself (e.g. UNICEF's `parentCodesHaveData`). */
  annotations?: AnnotationInfo[];
}

export interface ConceptInfo {
  scheme: string;
  id: string;
  names: LocalText[];
  /** The code list a concept's core representation names, when it has one. */
  codelist?: ArtefactRef | null;
}

export interface ComponentInfo {
  id: string;
  /** Key position (1-based) for dimensions, as the DSD states it. */
  position: number | null;
  /** The concept the component takes its meaning from; agency and version of its scheme where the reference gives them. */
  concept: { scheme: string | null; id: string; agency?: string | null; version?: string | null } | null;
  /** The code list of the component's local representation; null when the DSD gives none. */
  codelist: ArtefactRef | null;
  /** Attributes only: Mandatory or Conditional (2.1), mandatory or optional (3.0 `usage`). */
  assignmentStatus: string | null;
  /**
   * Concept roles the DSD gives the component (2.1 `ConceptRole`, 3.0 `ConceptRole` URNs), as
   * concept ids such as `REF_AREA`, `FREQ`, `UNIT_MEASURE`; empty when none is stated.
   */
  roles?: string[];
  /**
   * Attributes only: where the value is attached. `observation`, `dataset`, or the ids of the
   * dimensions it depends on (series or group level); null when the DSD does not say.
   */
  attachment?: 'observation' | 'dataset' | string[] | null;
}

export interface DataStructureInfo extends ArtefactRef {
  names: LocalText[];
  dimensions: ComponentInfo[];
  timeDimension: ComponentInfo | null;
  attributes: ComponentInfo[];
  measure: ComponentInfo | null;
  /** Every measure: one in 2.1 (the primary measure), possibly several in 3.0. */
  measures?: ComponentInfo[];
}

export interface ConstraintInfo {
  id: string;
  agency: string | null;
  /** "Allowed" (what may be reported) or "Actual" (what exists). */
  type: string;
  /** Dataflow ids the constraint is attached to. */
  dataflows: string[];
  /** Codes per dimension the constraint includes. */
  included: Record<string, string[]>;
  /** Codes per dimension an excluding cube region or key set leaves out. */
  excluded?: Record<string, string[]>;
  /** The time range an including region states (availability answers carry it); null when none. */
  timeRange?: { start: string | null; end: string | null } | null;
  /** Whole series keys a DataKeySet lists, dimension id to code; empty when the constraint uses regions. */
  keys?: Array<Record<string, string>>;
  /**
   * Counts some registries attach to availability answers (.Stat Suite's `obs_count`
   * annotation, `series_count`); null when the answer states none.
   */
  observationCount?: number | null;
  seriesCount?: number | null;
}

/** A category of a category scheme, with the path of ids from the scheme's top. */
export interface CategoryInfo {
  id: string;
  names: LocalText[];
  /** Ids from the top category down to this one's parent; empty at the top. */
  path: string[];
}

export interface CategorySchemeInfo extends ArtefactRef {
  names: LocalText[];
  /** Every category, depth first, parents before their children. */
  categories: CategoryInfo[];
}

/** A Categorisation: one artefact (usually a dataflow) filed under one category. */
export interface CategorisationInfo {
  id: string;
  source: ArtefactRef & { kind: string | null };
  /** The scheme and the category's full id path (`['ECO', 'EXR']`). */
  scheme: ArtefactRef;
  categoryPath: string[];
}

/** One node of a hierarchy: the code it stands for and the nodes under it. */
export interface HierarchyNode {
  /** The code's id in its code list (not the node's own id). */
  code: string;
  /** The code list the code comes from, when the message says. */
  codelist: ArtefactRef | null;
  children: HierarchyNode[];
}

/**
 * A hierarchy over codes: a 2.1 HierarchicalCodelist's Hierarchy (one entry per Hierarchy, the
 * HCL's id in `hcl`) or a 3.0 Hierarchy. Roots are the top-level codes.
 */
export interface HierarchyInfo extends ArtefactRef {
  /** The 2.1 HierarchicalCodelist holding this Hierarchy; null for 3.0. */
  hcl: string | null;
  names: LocalText[];
  roots: HierarchyNode[];
}

/** Which kind of structure message was read. */
export type StructureFormat = 'sdmx-ml-2.1' | 'sdmx-ml-3.0' | 'sdmx-json-1.0' | 'sdmx-json-2.0';

/** The parts of a structure message the tools use, whatever format it came in. */
export interface StructureMessage {
  /** Header/Prepared: when the registry prepared this message; null when absent. */
  prepared: string | null;
  dataflows: DataflowInfo[];
  codelists: CodelistInfo[];
  concepts: ConceptInfo[];
  dataStructures: DataStructureInfo[];
  constraints: ConstraintInfo[];
  /** The format the message came in; absent only in hand-built messages. */
  format?: StructureFormat;
  categorySchemes?: CategorySchemeInfo[];
  categorisations?: CategorisationInfo[];
  hierarchies?: HierarchyInfo[];
}
