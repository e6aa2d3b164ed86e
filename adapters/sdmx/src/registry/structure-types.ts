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

export interface CodeInfo {
  id: string;
  names: LocalText[];
  parent: string | null;
}

export interface CodelistInfo extends ArtefactRef {
  names: LocalText[];
  codes: CodeInfo[];
}

export interface ConceptInfo {
  scheme: string;
  id: string;
  names: LocalText[];
}

export interface ComponentInfo {
  id: string;
  /** Key position (1-based) for dimensions, as the DSD states it. */
  position: number | null;
  concept: { scheme: string | null; id: string } | null;
  codelist: ArtefactRef | null;
  /** Attributes only: Mandatory or Conditional. */
  assignmentStatus: string | null;
}

export interface DataStructureInfo extends ArtefactRef {
  names: LocalText[];
  dimensions: ComponentInfo[];
  timeDimension: ComponentInfo | null;
  attributes: ComponentInfo[];
  measure: ComponentInfo | null;
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
}

/** The parts of an SDMX-ML 2.1 structure message the tools use. */
export interface StructureMessage {
  /** Header/Prepared: when the registry prepared this message; null when absent. */
  prepared: string | null;
  dataflows: DataflowInfo[];
  codelists: CodelistInfo[];
  concepts: ConceptInfo[];
  dataStructures: DataStructureInfo[];
  constraints: ConstraintInfo[];
}
