import type { Tool } from '@modelcontextprotocol/client';

const VERB_NOUN = /^[a-z]+(?:_[a-z0-9]+)+$/;
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
type Hint = (typeof HINTS)[number];

/**
 * A hint a client can know: stated, or implied by the MCP specification (`destructiveHint` means
 * nothing for a read-only tool; `openWorldHint` defaults to true), which the listing leaves out.
 */
function hintKnown(annotations: Tool['annotations'], hint: Hint): boolean {
  if (typeof annotations?.[hint] === 'boolean') return true;
  if (hint === 'destructiveHint') return annotations?.readOnlyHint === true;
  return hint === 'openWorldHint';
}

/** What a listed tool lacks for an agent to use it well; empty when nothing. */
export function toolMetadataProblems(tool: Tool): string[] {
  const problems: string[] = [];
  const name = tool.name;
  if (!VERB_NOUN.test(name)) problems.push(`${name}: name is not verb_noun`);
  if (!tool.title) problems.push(`${name}: no title`);
  if ((tool.description?.length ?? 0) < 60) problems.push(`${name}: description under 60 characters`);
  for (const hint of HINTS)
    if (!hintKnown(tool.annotations, hint)) problems.push(`${name}: annotation ${hint} not set`);
  if (tool.outputSchema?.type !== 'object') problems.push(`${name}: no output schema`);
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
  for (const [param, schema] of Object.entries(properties))
    if (!schema.description) problems.push(`${name}.${param}: parameter not described`);
  return problems;
}
