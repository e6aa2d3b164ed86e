/** One RDF term of a SPARQL JSON result (`uri`, `literal`, `bnode`). */
export interface SparqlTerm {
  type: 'uri' | 'literal' | 'bnode' | 'typed-literal';
  value: string;
  'xml:lang'?: string;
  datatype?: string;
}

export type SparqlBinding = Record<string, SparqlTerm | undefined>;

export interface SparqlSelectResult {
  head: { vars?: string[] };
  results: { bindings: SparqlBinding[] };
}

export interface SparqlAskResult {
  head: unknown;
  boolean: boolean;
}

/** True when the parsed body has the shape of a SELECT answer. */
export function isSelectResult(value: unknown): value is SparqlSelectResult {
  const v = value as SparqlSelectResult | null;
  return !!v && typeof v === 'object' && Array.isArray(v.results?.bindings);
}

export function isAskResult(value: unknown): value is SparqlAskResult {
  return !!value && typeof value === 'object' && typeof (value as SparqlAskResult).boolean === 'boolean';
}
