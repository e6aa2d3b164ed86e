import type { DuckDBConnection } from '@duckdb/node-api';
import { isLosslessNumber } from 'lossless-json';
import { printSelectItems } from './engine-parse.js';

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(raw: unknown): string {
  return isLosslessNumber(raw) ? raw.toString() : String(raw);
}

/** The unscaled value of a DECIMAL constant: a number, or `{upper, lower}` halves when wider than 18 digits. */
function unscaled(raw: unknown): bigint {
  if (isNode(raw) && !isLosslessNumber(raw))
    return (BigInt(text(raw.upper)) << 64n) + BigInt(text(raw.lower));
  return BigInt(text(raw));
}

/**
 * Whether DuckDB's printer writes this DECIMAL so that it parses back to the same width and scale:
 * it drops leading zeros (`00.5` prints as `0.5`, DECIMAL(2,1) not (3,1)) and writes scale 0 as an
 * integer (`1.` prints as `1`, an INTEGER).
 */
function decimalSurvives(type: Node, raw: unknown): boolean {
  const info = type.type_info as Node;
  const width = Number(text(info.width));
  const scale = Number(text(info.scale));
  if (scale === 0) return false;
  const value = unscaled(raw);
  const magnitude = value < 0n ? -value : value;
  const printedWidth =
    magnitude < 10n ** BigInt(scale) ? (width > scale ? scale + 1 : scale) : magnitude.toString().length;
  return printedWidth === width;
}

/**
 * DuckDB prints a DOUBLE constant in its shortest form, `0.1` or `4.5`, which parses back as a
 * DECIMAL: `CAST(45e-1 AS BIGINT)` would give 5, not 4. A constant whose printed text would change
 * type becomes an explicit cast: a DOUBLE from its exact shortest text (`CAST('0.1' AS DOUBLE)`,
 * which DuckDB reads to the same bits), a DECIMAL to its own width (a widening, so exact).
 */
function pinnedForm(node: Node): Node | null {
  const value = node.value as Node;
  const type = value.type as Node;
  if (value.is_null) return null;
  if (type.id === 'DOUBLE') {
    const literal = { ...value, type: { id: 'VARCHAR', type_info: null }, value: text(value.value) };
    return cast({ ...node, alias: '', value: literal }, type, node.alias);
  }
  if (type.id === 'DECIMAL' && !decimalSurvives(type, value.value)) {
    return cast({ ...node, alias: '' }, type, node.alias);
  }
  return null;
}

function cast(child: Node, type: Node, alias: unknown): Node {
  return { class: 'CAST', type: 'OPERATOR_CAST', alias, child, cast_type: type, try_cast: false };
}

function pinnedChild(child: unknown): Node | null {
  return isNode(child) && child.class === 'CONSTANT' ? pinnedForm(child) : null;
}

/** Whether any constant in `value`, itself included, would change type when printed. */
function needsPin(value: unknown): boolean {
  if (pinnedChild(value)) return true;
  if (Array.isArray(value)) return value.some(needsPin);
  return isNode(value) && Object.values(value).some(needsPin);
}

/** Rewrites, in place, every constant below `value` whose type would not survive printing. */
function pin(value: unknown): void {
  if (!isNode(value) && !Array.isArray(value)) return;
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, child] of entries) {
    const pinned = pinnedChild(child);
    if (pinned) (value as Record<string | number, unknown>)[key] = pinned;
    else pin(child);
  }
}

/** `*` and `COLUMNS(…)` name their columns after the columns they expand to, alias or not. */
function hasStar(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasStar);
  return isNode(value) && (value.class === 'STAR' || Object.values(value).some(hasStar));
}

interface Unnamed {
  item: Node;
  shell: Node;
}

/** Select-list items without an alias, with the SELECT they belong to (to print them alone). */
function unnamedItems(value: unknown, found: Unnamed[]): Unnamed[] {
  if (Array.isArray(value)) {
    for (const item of value) unnamedItems(item, found);
  } else if (isNode(value)) {
    if (value.type === 'SELECT_NODE' && Array.isArray(value.select_list)) {
      const shell = {
        ...value,
        modifiers: [],
        cte_map: { map: [] },
        from_table: { type: 'EMPTY', alias: '', sample: null },
        where_clause: null,
        group_expressions: [],
        group_sets: [],
        having: null,
        sample: null,
        qualify: null,
      };
      for (const item of value.select_list as Node[]) {
        if (item.alias === '' && !hasStar(item)) found.push({ item, shell });
      }
    }
    for (const child of Object.values(value)) unnamedItems(child, found);
  }
  return found;
}

/**
 * Makes the printed query keep the type of every literal (a DOUBLE stays a DOUBLE, a DECIMAL its
 * width), and the name of every column: an unaliased item whose text changes is given its old
 * text as alias, the name DuckDB would have given it (`SELECT 1e-1` still answers a column `0.1`).
 */
export async function pinLiteralTypes(connection: DuckDBConnection, root: Node): Promise<void> {
  const candidates = unnamedItems(root, []).filter(({ item }) => needsPin(item));
  if (candidates.length > 0) {
    const names = await printSelectItems(
      connection,
      candidates.map(({ shell, item }) => ({ ...shell, select_list: [item] })),
    );
    candidates.forEach(({ item }, index) => {
      item.alias = names[index];
    });
  }
  pin(root);
}
