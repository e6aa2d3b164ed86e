import type { ToolContext } from '../contract/context.js';
import type { ToolResult } from '../contract/tool.js';
import type { SuccessEnvelope } from '../envelope/envelope.js';
import { keepableTableOf } from '../results/keepable-table.js';
import type { KeepOutcome } from '../results/kept-results.js';
import type { KeptCall } from '../results/kept-table.js';

/**
 * Keeps the table of a successful answer, so any adapter's answer can be combined with others
 * later; the envelope gains `result_id` (or a null one and a note). Answers without a table, and
 * servers that keep nothing, are left as they are.
 */
export async function keepAnswer(
  result: ToolResult<unknown>,
  envelope: SuccessEnvelope,
  call: KeptCall,
  ctx: ToolContext,
): Promise<KeepOutcome | Record<string, never>> {
  const { keep } = result;
  if (!ctx.results.enabled || keep === false) return {};
  if (keep && 'note' in keep) return { result_id: null, result_note: keep.note };
  const table = keep?.table ?? keepableTableOf(result.data as Record<string, unknown>);
  // An answer without a single column (nothing matched, nothing described) has no table to keep.
  const fixed = table && 'fixed' in table ? (table.fixed ?? {}) : {};
  if (!table || table.columns.length + Object.keys(fixed).length === 0) return {};
  const sources = keep?.sources ?? [{ citation: envelope.citation, source: envelope.source }];
  return ctx.results.keep({ table, sources, call });
}
