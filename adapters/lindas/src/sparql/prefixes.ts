/** Vocabulary IRIs the query templates use, written out once. */
export const NS = {
  cube: 'https://cube.link/',
  schema: 'http://schema.org/',
  dcterms: 'http://purl.org/dc/terms/',
  sh: 'http://www.w3.org/ns/shacl#',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  qudt: 'http://qudt.org/schema/qudt/',
} as const;

export const PUBLISHED = 'https://ld.admin.ch/vocabulary/CreativeWorkStatus/Published';
export const MUNICIPALITY_CLASS = 'https://schema.ld.admin.ch/Municipality';
export const CUBE_UNDEFINED = `${NS.cube}Undefined`;

export const PREFIXES = Object.entries(NS)
  .map(([prefix, uri]) => `PREFIX ${prefix}: <${uri}>`)
  .join('\n');
