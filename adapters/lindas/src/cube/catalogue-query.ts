import { PREFIXES } from '../sparql/prefixes.js';

/**
 * Every cube version's names and descriptions in every language, one text per row (`?field` is
 * "name" or "description"), with creator, version and status. One request gives the whole
 * catalogue the local search ranks; drafts come too, as the search lists one where no published
 * cube matches as well.
 */
export function catalogueQuery(fetchLimit: number): string {
  return `${PREFIXES}
SELECT ?cube ?field ?text ?creator ?version ?status WHERE {
  ?cube a cube:Cube .
  OPTIONAL { ?cube schema:creativeWorkStatus ?status }
  { ?cube schema:name ?text . BIND("name" AS ?field) }
  UNION
  { ?cube schema:description ?text . BIND("description" AS ?field) }
  OPTIONAL { ?cube dcterms:creator ?creator }
  OPTIONAL { ?cube schema:version ?version }
}
ORDER BY ?cube
LIMIT ${fetchLimit}`;
}
