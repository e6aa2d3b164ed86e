import type { CallToolResult, InputRequiredResult } from '@modelcontextprotocol/server';
import type { RequestContext } from '../contract/context.js';
import type { ContentToolDefinition } from '../contract/tool.js';
import { explainInvalidInput } from './explain-invalid-input.js';

/**
 * Runs one content tool call (pictures, protocol round trips): its input checked, then its own
 * answer, which core does not wrap. A refusal is told in text, since content has no envelope.
 */
export async function runContentTool(
  // biome-ignore lint/suspicious/noExplicitAny: runs tools of every shape.
  tool: ContentToolDefinition<any>,
  name: string,
  args: unknown,
  ctx: () => RequestContext,
): Promise<{ result: CallToolResult | InputRequiredResult; outcome: string }> {
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) {
    const refusal = explainInvalidInput(tool, name, parsed.error);
    return {
      result: { content: [{ type: 'text', text: `${refusal.message} ${refusal.hint}` }], isError: true },
      outcome: 'invalid_input',
    };
  }
  const result = await tool.execute(parsed.data, ctx());
  // Content tools answer in their own shape: an error is all that can be told apart.
  return { result, outcome: 'isError' in result && result.isError ? 'error' : 'ok' };
}
