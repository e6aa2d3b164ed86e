/** How to ask a registry for one data format. */
export interface DataFormatRequest {
  /** What comes back: the parser follows the answer, this only says what to ask for. */
  format: 'csv' | 'sdmx-ml-structure-specific' | 'sdmx-ml-generic' | 'sdmx-json';
  /** Media type for the Accept header. */
  accept: string;
  /** Value of `format=` that selects it, where the registry takes one; null: Accept only. */
  param: string | null;
}

/** A known registry quirk and the documentation it comes from. */
export interface RegistryQuirk {
  text: string;
  source: string;
}

/** Whether a registry answers one whole-agency structure query, how large the answer is, and the source. */
export interface BulkQueryFact {
  /** true: answers; false: refuses (4xx, 501) or the answer is too large to take; null: unknown, tried. */
  answered: boolean | null;
  /** Size of the answer as measured or documented ("about 40 MB"); null when unknown. */
  size: string | null;
  /** The documentation page or recorded answer the fact comes from. */
  source: string;
}

/**
 * The whole-agency structure queries the discovery index is built from. Left out, every one is
 * unknown (tried, with a fallback); category schemes and categorisations are asked only when known.
 */
export interface BulkQueryFacts {
  /** `datastructure/{agency}/all/latest?references=none`. */
  dataStructures?: BulkQueryFact;
  /** `codelist/{agency}/all/latest`. */
  codelists?: BulkQueryFact;
  /** `categoryscheme/{agency}/all/latest` with `categorisation/{agency}/all/latest`. */
  categories?: BulkQueryFact;
}

/**
 * What the adapter knows of one SDMX registry, from its documentation. A `null` capability is
 * unknown: the adapter tries it and falls back, rather than assuming either way.
 */
export interface RegistryProfile {
  id: string;
  title: string;
  /** REST base, without a trailing slash. */
  url: string;
  sdmxVersion: '2.1' | '3.0';
  /** Default maintenance agency; null asks for every agency (`all`). */
  agency: string | null;
  /** Languages names come in; the first is the registry's main one. */
  languages: string[];
  /** The registry's API documentation. */
  docs: string;
  /** Data formats in the order to ask for them; the first is preferred. */
  dataFormats: DataFormatRequest[];
  /** `references=` for a dataflow's structure: `all` also brings constraints. */
  structureReferences: 'all' | 'descendants';
  /** Whether the registry answers structure queries as SDMX-JSON when asked. */
  structureJson: boolean | null;
  supports: {
    /** `latest` as a version in structure and data paths. */
    latest: boolean | null;
    lastNObservations: boolean | null;
    availableConstraint: boolean | null;
  };
  /** Dimension id → role for dimensions whose id does not say it (for the resolution layer). */
  roleOverrides: Record<string, string>;
  /** Dimensions that default to their total code when a query leaves them open. */
  defaultToTotal: string[];
  quirks: RegistryQuirk[];
  /** Whole-agency structure queries, for the discovery index; absent: each is tried. */
  bulkQueries?: BulkQueryFacts;
}
