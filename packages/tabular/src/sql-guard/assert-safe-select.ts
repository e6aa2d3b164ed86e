import { ALLOWED_FUNCTIONS } from './allowed-functions.js';
import { refuseSql } from './refuse-sql.js';

type Node = Record<string, unknown>;

const TABLE = 'data';
const PLAIN_NAME = /^[\p{L}_][\p{L}\p{N}_]*$/u;
const TABLE_HINT =
  'Query the table `data` (the loaded resource) or a CTE defined in the same query; files, URLs, other schemas and table functions are not reachable.';

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function quoteForMessage(name: string): string {
  return JSON.stringify(name.length > 60 ? `${name.slice(0, 59)}…` : name);
}

/** `name` is `{ name: [{ value }] }` for plain functions; anything richer (schema-qualified) is refused. */
function functionName(node: Node): string {
  const name = node.name;
  if (typeof name === 'string') return name.toLowerCase();
  if (isNode(name) && Array.isArray(name.name) && name.name.length === 1 && !name.schema) {
    const part = name.name[0];
    if (isNode(part) && typeof part.value === 'string') return part.value.toLowerCase();
  }
  return refuseSql('Schema-qualified or computed function names are not allowed.');
}

function checkFunction(node: Node): void {
  const name = functionName(node);
  if (!ALLOWED_FUNCTIONS.has(name)) {
    refuseSql(
      `The function ${quoteForMessage(name)} is not allowed.`,
      'Use ordinary scalar, aggregate or window functions (count, sum, avg, round, lower, date_trunc, strftime …). Table functions, file readers and settings probes are not available.',
    );
  }
}

function checkFromItem(item: unknown, scope: ReadonlySet<string>): void {
  if (!isNode(item)) refuseSql('Unrecognised FROM clause.');
  const expr = item.expr;
  if (isNode(expr) && isNode(expr.ast)) {
    checkQuery(expr.ast, scope);
  } else if (isNode(expr) && expr.type === 'values') {
    visit(expr, scope);
  } else if (typeof item.table === 'string' && expr === undefined) {
    if (item.db || item.schema) refuseSql(`Qualified table names are not allowed.`, TABLE_HINT);
    const name = item.table.toLowerCase();
    if (name !== TABLE && !scope.has(name)) {
      refuseSql(`The table ${quoteForMessage(item.table)} is not available.`, TABLE_HINT);
    }
  } else {
    refuseSql('Table functions and computed table sources are not allowed.', TABLE_HINT);
  }
  for (const key of ['on', 'using']) visit(item[key], scope);
}

/** A CTE adds its name to the scope of the whole statement it belongs to (and of its own body). */
function withScope(node: Node, outer: ReadonlySet<string>): Set<string> {
  const scope = new Set(outer);
  if (!Array.isArray(node.with)) return scope;
  for (const cte of node.with) {
    const name = isNode(cte) && isNode(cte.name) ? cte.name.value : undefined;
    if (typeof name !== 'string' || !PLAIN_NAME.test(name)) {
      refuseSql('CTE names must be plain identifiers (letters, digits, underscore).');
    }
    scope.add(name.toLowerCase());
  }
  for (const cte of node.with as Node[]) {
    const stmt = isNode(cte.stmt) && isNode(cte.stmt.ast) ? cte.stmt.ast : cte.stmt;
    checkQuery(stmt, scope);
  }
  return scope;
}

/** Checks one SELECT (and the rest of its UNION / EXCEPT / INTERSECT chain). */
export function checkQuery(node: unknown, outer: ReadonlySet<string>): void {
  if (!isNode(node) || node.type !== 'select') {
    const kind = isNode(node) && typeof node.type === 'string' ? node.type.toUpperCase() : 'this statement';
    refuseSql(`Only SELECT queries are allowed, not ${kind}.`);
  }
  const scope = withScope(node, outer);
  const into = node.into;
  if (isNode(into) && (into.position || into.expr)) refuseSql('SELECT … INTO is not allowed.');
  if (Array.isArray(node.from)) {
    for (const item of node.from) checkFromItem(item, scope);
  } else if (node.from !== null && node.from !== undefined) {
    refuseSql('Unrecognised FROM clause.', TABLE_HINT);
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'with' || key === 'from' || key === 'into') continue;
    if (key === '_next') checkQuery(value, scope);
    else visit(value, scope);
  }
}

/** Walks any expression; nested queries are checked with the scope they can see. */
function visit(value: unknown, scope: ReadonlySet<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) visit(item, scope);
    return;
  }
  if (!isNode(value)) return;
  switch (value.type) {
    case 'select':
      checkQuery(value, scope);
      return;
    case 'function':
    case 'aggr_func':
      checkFunction(value);
      break;
    case 'var':
    case 'param':
      refuseSql(
        'Query parameters and variables are not allowed.',
        'Write the values into the SQL as literals.',
      );
  }
  if ('from' in value && value.type !== 'select') refuseSql('Unrecognised query shape.');
  for (const child of Object.values(value)) visit(child, scope);
}
