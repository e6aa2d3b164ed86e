import { refuseSql } from './refuse-sql.js';

type Node = Record<string, unknown>;
interface NumberNode {
  type: 'number';
  value: number;
}

function literal(value: unknown): number {
  const node = value as Partial<NumberNode> | null;
  if (
    node?.type === 'number' &&
    typeof node.value === 'number' &&
    Number.isInteger(node.value) &&
    node.value >= 0
  ) {
    return node.value;
  }
  return refuseSql('LIMIT and OFFSET must be plain non-negative whole numbers.');
}

/**
 * Puts the server-side row cap into the outermost LIMIT: the smaller of the user's LIMIT and `cap`.
 * In a UNION chain the parser attaches the trailing ORDER BY / LIMIT to the last member, which is
 * where SQL applies it to the whole result.
 */
export function applyRowCap(root: Node, cap: number): void {
  let last = root;
  while (last._next && typeof last._next === 'object') last = last._next as Node;
  const limit = (last.limit ?? { seperator: '', value: [] }) as { seperator: string; value: unknown[] };
  const values = limit.value.map(literal);
  const onlyOffset = limit.seperator === 'offset' && values.length === 1;
  const userLimit = onlyOffset || values.length === 0 ? Number.POSITIVE_INFINITY : (values[0] as number);
  const offset = onlyOffset ? values[0] : values[1];
  const effective: NumberNode = { type: 'number', value: Math.min(userLimit, cap) };
  last.limit =
    offset === undefined
      ? { seperator: '', value: [effective] }
      : { seperator: 'offset', value: [effective, { type: 'number', value: offset }] };
}
