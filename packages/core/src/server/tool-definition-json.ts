import { z } from 'zod';
import type { AnyToolDefinition, ToolAnnotations } from '../contract/tool.js';
import { envelopeSchemaOf } from './advertise-only.js';

/** A tool as a client sees it in `tools/list`, plus what core adds: a minimal call and old names. */
export interface ToolDefinitionJson {
  name: string;
  title: string;
  adapter: string;
  description: string;
  annotations: ToolAnnotations;
  input_schema: unknown;
  output_schema: unknown;
  example: Record<string, unknown> | null;
  deprecated_aliases: Record<string, string>;
}

/** The full definition of one registered tool, JSON Schemas included, for `opendata-mcp tools --json`. */
export function toolDefinitionJson(
  name: string,
  adapter: string,
  tool: AnyToolDefinition,
): ToolDefinitionJson {
  const output = tool.kind === 'data' ? envelopeSchemaOf(tool.output) : tool.output;
  return {
    name,
    title: tool.title,
    adapter,
    description: tool.description,
    annotations: tool.annotations,
    input_schema: z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }),
    output_schema: output ? z.toJSONSchema(output, { io: 'output', unrepresentable: 'any' }) : null,
    example: tool.example ?? null,
    deprecated_aliases: tool.deprecatedAliases ?? {},
  };
}
