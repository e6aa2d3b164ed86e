import type { ParsedStatement } from '@opendata-mcp/tabular';

/** A table a query reads, by the agent's name: its columns and the unit of each that has one. */
export interface TableUnits {
  name: string;
  columns: string[];
  units: Record<string, string>;
}

type Node = Record<string, unknown>;
/** The kept results a query may read, by the agent's name. */
type Known = Map<string, TableUnits>;

// Aggregates whose result measures what their one argument does (a count or a variance does not).
const SAME_UNIT = new Set(['sum', 'avg', 'mean', 'min', 'max', 'median', 'first', 'last', 'any_value']);

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): Node[] => (Array.isArray(value) ? value.filter(isNode) : []);
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The tables of a FROM clause by the name a query uses for them (alias or own name), or undefined
 * when it reads anything but kept results as they are: a subquery, a CTE, a function, renamed
 * columns. Then no column can be traced, and no unit is stated. A query without FROM reads no
 * table: only its scalar subqueries can bring a unit.
 */
function tablesOf(from: unknown, known: Known): Map<string, TableUnits> | undefined {
  const found = new Map<string, TableUnits>();
  if (isNode(from) && from.type === 'EMPTY') return found;
  const walk = (node: unknown): boolean => {
    if (!isNode(node)) return false;
    if (node.type === 'JOIN') return walk(node.left) && walk(node.right);
    if (node.type !== 'BASE_TABLE') return false;
    if (Array.isArray(node.column_name_alias) && node.column_name_alias.length > 0) return false;
    const table = textOf(node.schema_name) === '' ? known.get(textOf(node.table_name)) : undefined;
    if (!table) return false;
    found.set(textOf(node.alias) || table.name, table);
    return true;
  };
  return walk(from) ? found : undefined;
}

/** The unit of a column named in the query: from the table it names, or the one table that has it. */
function columnUnit(names: string[], tables: Map<string, TableUnits>): string | undefined {
  const column = names.at(-1) ?? '';
  if (names.length === 2) return tables.get(names[0] ?? '')?.units[column];
  if (names.length !== 1) return undefined;
  const holding = [...tables.values()].filter((t) => t.columns.includes(column));
  const units = new Set(holding.map((t) => t.units[column]));
  // Joined USING a column, several tables hold it: its unit counts only when all agree.
  return units.size === 1 ? [...units][0] : undefined;
}

/**
 * The unit an expression keeps: a column as it is, rounded, one same-unit aggregate of it, or a
 * scalar subquery's one value.
 */
function expressionUnit(node: Node, tables: Map<string, TableUnits>, known: Known): string | undefined {
  if (node.class === 'SUBQUERY') {
    return node.subquery_type === 'SCALAR' && isNode(node.subquery)
      ? scalarUnit(node.subquery.node, known)
      : undefined;
  }
  if (node.class === 'COLUMN_REF') {
    const names = Array.isArray(node.column_names) ? node.column_names.map(textOf) : [];
    return columnUnit(names, tables);
  }
  if (node.class !== 'FUNCTION' && node.class !== 'AGGREGATE') return undefined;
  const name = textOf(node.function_name).toLowerCase();
  const [first, ...rest] = listOf(node.children);
  if (!first) return undefined;
  if (name === 'round' && rest.every((child) => child.class === 'CONSTANT')) {
    return expressionUnit(first, tables, known);
  }
  return SAME_UNIT.has(name) && rest.length === 0 ? expressionUnit(first, tables, known) : undefined;
}

/** The unit of the one value a scalar subquery gives: its one select item, over kept results alone. */
function scalarUnit(node: unknown, known: Known): string | undefined {
  if (!isNode(node) || node.type !== 'SELECT_NODE') return undefined;
  if (listOf((node.cte_map as Node | undefined)?.map).length > 0) return undefined;
  const [item, ...more] = listOf(node.select_list);
  if (!item || more.length > 0 || item.class === 'STAR') return undefined;
  const tables = tablesOf(node.from_table, known);
  return tables ? expressionUnit(item, tables, known) : undefined;
}

/** The units a `*` brings: each column of the tables it covers, under its own name. */
function starUnits(star: Node, tables: Map<string, TableUnits>): Map<string, string | undefined> {
  const relation = textOf(star.relation_name);
  const covered = relation ? [tables.get(relation)].filter((t) => t !== undefined) : [...tables.values()];
  const replaced = new Set(listOf(star.replace_list).map((r) => textOf(r.key)));
  const units = new Map<string, string | undefined>();
  for (const table of covered) {
    for (const column of table.columns) {
      const unit = replaced.has(column) ? undefined : table.units[column];
      // Two tables bringing one name with different units: neither is stated.
      units.set(column, units.has(column) && units.get(column) !== unit ? undefined : unit);
    }
  }
  return units;
}

/**
 * The unit of each output column of a query over kept results, traced through DuckDB's parse of it:
 * a column passed through (or rounded) keeps its unit, as does SUM/AVG/MIN/MAX/MEDIAN of one
 * column or a scalar subquery giving one of those, and a union keeps what both its sides keep; any
 * other expression (a ratio, a sum of two columns, a count) states none, as does every column of a
 * query whose FROM is not kept results alone (subqueries, CTEs, table functions).
 * Never a unit the numbers might not have.
 */
export function resultUnits(
  statement: ParsedStatement | null,
  outputNames: string[],
  known: TableUnits[],
): Record<string, string> {
  return nodeUnits(statement?.node, outputNames, new Map(known.map((t) => [t.name, t])));
}

function nodeUnits(node: unknown, outputNames: string[], known: Known): Record<string, string> {
  if (!isNode(node) || listOf((node.cte_map as Node | undefined)?.map).length > 0) return {};
  if (node.type === 'SET_OPERATION_NODE') {
    // Rows of a union come from either side: a column keeps a unit both sides give it.
    const left = nodeUnits(node.left, outputNames, known);
    const right = nodeUnits(node.right, outputNames, known);
    return Object.fromEntries(Object.entries(left).filter(([name, unit]) => right[name] === unit));
  }
  if (node.type !== 'SELECT_NODE') return {};
  const tables = tablesOf(node.from_table, known);
  if (!tables) return {};
  const select = listOf(node.select_list);
  const stars = select.filter((item) => item.class === 'STAR');
  // COLUMNS(…) and * RENAME pick or name columns in ways not traced here.
  if (stars.some((star) => star.columns === true || star.expr || listOf(star.rename_list).length > 0)) {
    return {};
  }
  const unitByName = new Map<string, string | undefined>();
  if (stars.length === 0 && select.length === outputNames.length) {
    select.forEach((item, i) => {
      unitByName.set(outputNames[i] ?? '', expressionUnit(item, tables, known));
    });
  } else {
    for (const star of stars) for (const [name, unit] of starUnits(star, tables)) unitByName.set(name, unit);
    for (const item of select.filter((s) => s.class !== 'STAR')) {
      const names = Array.isArray(item.column_names) ? item.column_names.map(textOf) : [];
      const name = textOf(item.alias) || (item.class === 'COLUMN_REF' ? (names.at(-1) ?? '') : '');
      unitByName.set(name, name ? expressionUnit(item, tables, known) : undefined);
    }
  }
  const units: Record<string, string> = {};
  for (const name of new Set(outputNames)) {
    const unit = unitByName.get(name);
    // A name the result holds twice cannot say which of the two it is.
    if (unit !== undefined && outputNames.indexOf(name) === outputNames.lastIndexOf(name)) units[name] = unit;
  }
  return units;
}
