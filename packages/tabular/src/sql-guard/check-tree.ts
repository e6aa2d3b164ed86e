import { ALLOWED_FUNCTIONS, REFUSED_FUNCTION_HINTS } from './allowed-functions.js';
import { refuseSql } from './refuse-sql.js';

type Node = Record<string, unknown>;

const MAX_TREE_DEPTH = 1_000;

/** The one table of a loaded resource. */
export const RESOURCE_TABLES: ReadonlySet<string> = new Set(['data']);

function tableHint(tables: ReadonlySet<string>): string {
  const names = [...tables].map((name) => `\`${name}\``).join(', ');
  return `Query ${tables.size === 1 ? 'the table' : 'the tables'} ${names} or a CTE defined in the same query; files, URLs, other schemas, catalogue views and table functions are not reachable.`;
}
const FUNCTION_HINT =
  'Use ordinary scalar, aggregate or window functions (count, sum, avg, round, lower, date_trunc, strftime, TRY_CAST …). Table functions, file readers, settings, variables and catalogue functions are not available.';

/** Expression kinds a read-only query over `data` may contain; anything newer is refused until reviewed. */
const EXPRESSION_CLASSES = new Set([
  'BETWEEN',
  'CASE',
  'CAST',
  'COLLATE',
  'COLUMN_REF',
  'COMPARISON',
  'CONJUNCTION',
  'CONSTANT',
  'FUNCTION',
  'LAMBDA',
  'LAMBDA_REF',
  'OPERATOR',
  'POSITIONAL_REFERENCE',
  'STAR',
  'SUBQUERY',
  'WINDOW',
]);

/** FROM items that only rearrange what other items read. */
const PASS_THROUGH_TABLE_REFS = new Set(['EMPTY', 'EXPRESSION_LIST', 'JOIN', 'PIVOT', 'SUBQUERY']);

const REFUSED_TABLE_REFS: Record<string, string> = {
  TABLE_FUNCTION: 'Table functions are not allowed in FROM.',
  SHOW_REF: 'DESCRIBE, SHOW and SUMMARIZE are not available; get_schema describes the table.',
};

/** Parts of a query node that carry no expressions of their own. */
const CLAUSE_TYPES = new Set([
  'ORDER_MODIFIER',
  'LIMIT_MODIFIER',
  'LIMIT_PERCENT_MODIFIER',
  'DISTINCT_MODIFIER',
  'ASCENDING',
  'DESCENDING',
  'ORDER_DEFAULT',
]);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function quote(name: string): string {
  return JSON.stringify(name.length > 60 ? `${name.slice(0, 59)}…` : name);
}

/** Where built-in functions live; DuckDB's parser itself qualifies some (`[1, 2]` is `system.main.list_value`). */
const BUILT_IN_SCHEMAS = new Set(['', 'main']);
const BUILT_IN_CATALOGS = new Set(['', 'system']);

function checkFunction(node: Node): void {
  const name = String(node.function_name ?? '').toLowerCase();
  if (
    !BUILT_IN_SCHEMAS.has(String(node.schema ?? '')) ||
    !BUILT_IN_CATALOGS.has(String(node.catalog ?? ''))
  ) {
    refuseSql(`Schema-qualified functions are not allowed (${quote(name)}).`, FUNCTION_HINT);
  }
  if (!ALLOWED_FUNCTIONS.has(name)) {
    refuseSql(`The function ${quote(name)} is not allowed.`, REFUSED_FUNCTION_HINTS[name] ?? FUNCTION_HINT);
  }
}

/**
 * Session probes DuckDB also answers as bare keywords (`SELECT current_user`): the parser gives a
 * column reference, which the binder turns into the function when no column has the name.
 */
const KEYWORD_FUNCTIONS = new Set([
  'current_catalog',
  'current_role',
  'current_schema',
  'current_user',
  'session_user',
  'user',
]);

function checkColumnRef(node: Node): void {
  const names = Array.isArray(node.column_names) ? node.column_names : [];
  const name = String(names[0] ?? '').toLowerCase();
  if (names.length === 1 && KEYWORD_FUNCTIONS.has(name)) {
    refuseSql(
      `${quote(name)} alone names a session function, which is not allowed.`,
      `For a column of that name, qualify it with its table: data."${name}".`,
    );
  }
}

const SAMPLE_HINT =
  'Sampling is random, and answers must be repeatable: take rows in a stated order (ORDER BY … LIMIT 100) or a deterministic share (WHERE hash(rowid) % 10 = 0 keeps about a tenth).';

function checkExpression(node: Node): void {
  const kind = String(node.class);
  if (kind === 'PARAMETER') {
    refuseSql('Query parameters are not allowed.', 'Write the values into the SQL as literals.');
  }
  if (!EXPRESSION_CLASSES.has(kind)) refuseSql(`Expressions of kind ${kind} are not allowed.`);
  if (kind === 'FUNCTION' || kind === 'WINDOW') checkFunction(node);
  if (kind === 'COLUMN_REF') checkColumnRef(node);
}

function checkBaseTable(node: Node, scope: ReadonlySet<string>, tables: ReadonlySet<string>): void {
  const name = String(node.table_name ?? '');
  if (node.schema_name || node.catalog_name) {
    refuseSql(`Qualified table names are not allowed (${quote(name)}).`, tableHint(tables));
  }
  if (node.at_clause) refuseSql('AT (VERSION / TIMESTAMP) is not available.', tableHint(tables));
  const key = name.toLowerCase();
  if (!tables.has(key) && !scope.has(key)) {
    refuseSql(`The table ${quote(name)} is not available.`, tableHint(tables));
  }
}

/**
 * Walks DuckDB's parse tree of one SELECT and refuses anything outside the allow-list: tables other
 * than the loaded ones (`data` by default; lower-case names) and the query's own CTEs (each visible
 * only where SQL makes it visible), table functions, functions off the list, parameters, recursive
 * CTEs and node kinds it does not know.
 */
export function checkTree(root: Node, tables: ReadonlySet<string> = RESOURCE_TABLES): void {
  walk(root, new Set(), 0, tables);
}

function walk(value: unknown, scope: ReadonlySet<string>, depth: number, tables: ReadonlySet<string>): void {
  if (depth > MAX_TREE_DEPTH) refuseSql('The query is nested too deeply.');
  if (Array.isArray(value)) {
    for (const item of value) walk(item, scope, depth + 1, tables);
    return;
  }
  if (!isNode(value)) return;
  if (isNode(value.sample)) refuseSql('USING SAMPLE and TABLESAMPLE are not available.', SAMPLE_HINT);
  if (typeof value.class === 'string') {
    checkExpression(value);
  } else if (typeof value.type === 'string') {
    const type = value.type;
    if (type === 'SELECT_NODE' || type === 'SET_OPERATION_NODE') {
      checkQueryNode(value, scope, depth, tables);
      return;
    }
    if (type === 'RECURSIVE_CTE_NODE') {
      refuseSql('Recursive CTEs are not allowed.', 'Use window functions or joins over `data` instead.');
    }
    if (type === 'BASE_TABLE') checkBaseTable(value, scope, tables);
    else if (type in REFUSED_TABLE_REFS) refuseSql(REFUSED_TABLE_REFS[type] as string, tableHint(tables));
    else if (!PASS_THROUGH_TABLE_REFS.has(type) && !CLAUSE_TYPES.has(type) && !type.endsWith('_TYPE_INFO')) {
      refuseSql(`The query uses a construct this server does not accept (${type}).`);
    }
  }
  for (const child of Object.values(value)) walk(child, scope, depth + 1, tables);
}

interface CteEntry {
  key: string;
  value: unknown;
}

function cteEntries(node: Node): CteEntry[] {
  const map = isNode(node.cte_map) ? node.cte_map.map : undefined;
  return Array.isArray(map) ? (map as CteEntry[]) : [];
}

/** A CTE is visible to the statement that defines it and to the CTEs after it, never to its own body. */
function checkQueryNode(
  node: Node,
  outer: ReadonlySet<string>,
  depth: number,
  tables: ReadonlySet<string>,
): void {
  const scope = new Set(outer);
  for (const cte of cteEntries(node)) {
    walk(cte.value, scope, depth + 1, tables);
    scope.add(String(cte.key).toLowerCase());
  }
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'cte_map') walk(child, scope, depth + 1, tables);
  }
}
