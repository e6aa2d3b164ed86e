/**
 * The tabular engine package, imported on the first table a call needs rather than at start: it is
 * loaded from node_modules even in a bundled server, and resolving its modules cost a cold start
 * about 40 ms that a server answering tools/list does not need.
 */
export function loadTabular(): Promise<typeof import('@opendata-mcp/tabular')> {
  return import('@opendata-mcp/tabular');
}
