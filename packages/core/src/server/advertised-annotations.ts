import type { ToolAnnotations } from '../contract/tool.js';

/**
 * The annotations a tool advertises, without the hints the MCP specification already implies:
 * `destructiveHint` means something only when a tool is not read-only, and `openWorldHint`
 * defaults to true. Every tool sets all four in its definition (the conformance suite checks
 * that); the list that clients load into each session does not repeat what they assume anyway.
 */
export function advertisedAnnotations(annotations: ToolAnnotations): Partial<ToolAnnotations> {
  const { destructiveHint, openWorldHint, ...rest } = annotations;
  return {
    ...rest,
    ...(annotations.readOnlyHint === true ? {} : { destructiveHint }),
    ...(openWorldHint === true ? {} : { openWorldHint }),
  };
}
