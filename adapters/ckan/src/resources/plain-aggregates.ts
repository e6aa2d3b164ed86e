/** One aggregate of a whole-table query that PostgreSQL and DuckDB compute alike. */
export interface Aggregate {
  fn: 'count' | 'sum' | 'min' | 'max';
  /** The column, or null for count(*). */
  column: string | null;
  /** The result column's name: the alias, or the name DuckDB gives the expression. */
  name: string;
}

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isEmpty = (value: unknown) =>
  value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);

/**
 * Every key a node of these shapes may carry and the one value it may hold, `undefined` for the few
 * read below. A key DuckDB adds in a later version is not in the list, so the query runs locally:
 * unknown means not plain.
 */
const STATEMENT_KEYS = new Set(['node', 'named_param_map']);
const SELECT_KEYS = new Set([
  'type',
  'modifiers',
  'cte_map',
  'select_list',
  'from_table',
  'where_clause',
  'group_expressions',
  'group_sets',
  'aggregate_handling',
  'having',
  'sample',
  'qualify',
]);
const TABLE_KEYS = new Set([
  'type',
  'alias',
  'sample',
  'query_location',
  'schema_name',
  'table_name',
  'column_name_alias',
  'catalog_name',
  'at_clause',
]);
const FUNCTION_KEYS = new Set([
  'class',
  'type',
  'alias',
  'query_location',
  'function_name',
  'schema',
  'children',
  'filter',
  'order_bys',
  'distinct',
  'is_operator',
  'export_state',
  'catalog',
]);
const COLUMN_KEYS = new Set(['class', 'type', 'alias', 'query_location', 'column_names']);

/** True when `node` has only the listed keys, and every one not read by the caller is empty. */
function only(node: Node, keys: Set<string>, read: string[]): boolean {
  return Object.entries(node).every(
    ([key, value]) => keys.has(key) && (read.includes(key) || isEmpty(value)),
  );
}

function fromData(table: unknown): boolean {
  if (!isNode(table) || !only(table, TABLE_KEYS, ['type', 'query_location', 'table_name'])) return false;
  return table.type === 'BASE_TABLE' && String(table.table_name).toLowerCase() === 'data';
}

function plainColumn(child: unknown): string | null {
  if (!isNode(child) || !only(child, COLUMN_KEYS, ['class', 'type', 'query_location', 'column_names']))
    return null;
  const names = child.column_names;
  if (child.class !== 'COLUMN_REF' || !Array.isArray(names) || names.length !== 1) return null;
  return typeof names[0] === 'string' ? names[0] : null;
}

function aggregate(item: unknown): Aggregate | null {
  const read = ['class', 'type', 'alias', 'query_location', 'function_name', 'children', 'order_bys'];
  if (!isNode(item) || item.class !== 'FUNCTION' || !only(item, FUNCTION_KEYS, read)) return null;
  const orders = item.order_bys;
  if (!isNode(orders) || !isEmpty(orders.orders)) return null;
  const children = Array.isArray(item.children) ? item.children : [];
  const alias = typeof item.alias === 'string' && item.alias !== '' ? item.alias : null;
  if (item.function_name === 'count_star' && children.length === 0) {
    // count(*) is named count_star() by DuckDB; how it prints other expressions is its own affair, so
    // those need an alias to be answered here with the names a local run gives.
    return { fn: 'count', column: null, name: alias ?? 'count_star()' };
  }
  const fn = item.function_name;
  if (fn !== 'count' && fn !== 'sum' && fn !== 'min' && fn !== 'max') return null;
  const column = children.length === 1 ? plainColumn(children[0]) : null;
  if (column === null || alias === null) return null;
  return { fn, column, name: alias };
}

/**
 * Reads `SELECT count(*), sum(x) AS total … FROM data` and nothing else, from DuckDB's own parse
 * tree: plain aggregates over the whole table, no WHERE, grouping, modifiers or expressions. Null
 * for every other query, which the local engine runs.
 */
export function plainAggregates(statement: unknown): Aggregate[] | null {
  if (!isNode(statement) || !only(statement, STATEMENT_KEYS, ['node'])) return null;
  const node = statement.node;
  if (!isNode(node) || node.type !== 'SELECT_NODE') return null;
  if (node.aggregate_handling !== 'STANDARD_HANDLING') return null;
  const read = ['type', 'select_list', 'from_table', 'aggregate_handling', 'cte_map'];
  if (!only(node, SELECT_KEYS, read) || !fromData(node.from_table)) return null;
  const ctes = node.cte_map;
  if (!isNode(ctes) || !isEmpty(ctes.map)) return null;
  const items = Array.isArray(node.select_list) ? node.select_list : [];
  const aggregates: Aggregate[] = [];
  for (const item of items) {
    const found = aggregate(item);
    if (!found) return null;
    aggregates.push(found);
  }
  return aggregates.length > 0 ? aggregates : null;
}
