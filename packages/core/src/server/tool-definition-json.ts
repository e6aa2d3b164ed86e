import { z } from 'zod';
import type { AnyToolDefinition, ToolAnnotations } from '../contract/tool.js';
import { envelopeSchemaOf } from './advertise-only.js';
import { advertisedAnnotations } from './advertised-annotations.js';
import { advertisedDataOutput, leanInputSchema, leanOutputSchema } from './lean-json-schema.js';

/** A tool as a client sees it in `tools/list`, plus what core adds: a minimal call and old names. */
export interface ToolDefinitionJson {
  name: string;
  title: string;
  adapter: string;
  description: string;
  annotations: Partial<ToolAnnotations>;
  input_schema: unknown;
  output_schema: unknown;
  example: Record<string, unknown> | null;
  deprecated_aliases: Record<string, string>;
}

/**
 * The definition of one registered tool for `opendata-mcp tools --json`. `lean` gives the schemas
 * and annotations exactly as `tools/list` advertises them (what an agent on MCP reads); otherwise
 * they are whole: every bound and default, and a data tool's output wrapped in the envelope.
 */
export function toolDefinitionJson(
  name: string,
  adapter: string,
  tool: AnyToolDefinition,
  options: { lean?: boolean } = {},
): ToolDefinitionJson {
  const lean = options.lean === true;
  const input = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' });
  const output = tool.kind === 'data' && !lean ? envelopeSchemaOf(tool.output) : tool.output;
  const outputJson = output ? z.toJSONSchema(output, { io: 'output', unrepresentable: 'any' }) : null;
  const leanOutput = (json: Record<string, unknown>) =>
    tool.kind === 'data' ? advertisedDataOutput(leanOutputSchema(json)) : leanOutputSchema(json);
  return {
    name,
    title: tool.title,
    adapter,
    description: tool.description,
    annotations: lean ? advertisedAnnotations(tool.annotations) : tool.annotations,
    input_schema: lean ? leanInputSchema(input) : input,
    output_schema: outputJson && lean ? leanOutput(outputJson) : outputJson,
    example: tool.example ?? null,
    deprecated_aliases: tool.deprecatedAliases ?? {},
  };
}
