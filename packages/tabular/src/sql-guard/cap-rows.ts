import { isLosslessNumber } from 'lossless-json';
import { refuseSql } from './refuse-sql.js';

type Node = Record<string, unknown>;

const LIMIT_HINT = 'Write LIMIT and OFFSET as plain whole numbers (LIMIT 10 OFFSET 20).';

function constantLimit(expression: unknown): bigint | null {
  if (expression === null || expression === undefined) return null;
  const node = expression as Node;
  const value = node.value as Node | undefined;
  if (node.class !== 'CONSTANT' || !value) refuseSql('LIMIT and OFFSET must be plain numbers.', LIMIT_HINT);
  if (value.is_null) return null;
  const raw = value.value;
  const text = isLosslessNumber(raw) ? raw.toString() : String(raw);
  if (!/^\d+$/.test(text)) refuseSql('LIMIT and OFFSET must be non-negative whole numbers.', LIMIT_HINT);
  return BigInt(text);
}

function constant(value: bigint): Node {
  return {
    class: 'CONSTANT',
    type: 'VALUE_CONSTANT',
    alias: '',
    value: { type: { id: 'BIGINT', type_info: null }, is_null: false, value: Number(value) },
  };
}

/**
 * Puts the server's row cap into the outermost query's LIMIT: the smaller of the query's own LIMIT
 * and `cap`, keeping its OFFSET. On a UNION the top node's modifiers apply to the whole result.
 * Returns the LIMIT that now applies.
 */
export function capRows(top: Node, cap: number): number {
  const modifiers = Array.isArray(top.modifiers) ? (top.modifiers as Node[]) : [];
  if (modifiers.some((modifier) => modifier.type === 'LIMIT_PERCENT_MODIFIER')) {
    refuseSql('LIMIT with a percentage is not available.', LIMIT_HINT);
  }
  const existing = modifiers.find((modifier) => modifier.type === 'LIMIT_MODIFIER');
  const wanted = constantLimit(existing?.limit);
  constantLimit(existing?.offset);
  const effective = wanted === null || wanted > BigInt(cap) ? BigInt(cap) : wanted;
  if (existing) existing.limit = constant(effective);
  else modifiers.push({ type: 'LIMIT_MODIFIER', limit: constant(effective), offset: null });
  top.modifiers = modifiers;
  return Number(effective);
}
