import { closest, distance } from 'fastest-levenshtein';
import { z } from 'zod';
import { parameterDescription } from '../contract/parameter-description.js';
import type { AnyToolDefinition } from '../contract/tool.js';
import { OpenDataError } from '../errors/opendata-error.js';

const MAX_ISSUES = 6;

/**
 * Turns a refused call into an error an agent can act on without rereading the schema: each
 * offending parameter by name with what it expects (its own description), the valid parameter names
 * with the nearest one to a misspelt key, and a minimal correct call of the tool.
 */
export function explainInvalidInput(
  tool: AnyToolDefinition,
  toolName: string,
  error: z.ZodError,
): OpenDataError {
  const shape = tool.input.shape as Record<string, z.ZodType>;
  const valid = Object.keys(shape);
  const unknown: string[] = [];
  const suggestions: Record<string, string> = {};
  const lines: string[] = [];
  for (const issue of error.issues.slice(0, MAX_ISSUES)) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const safe = printable(key);
        unknown.push(safe);
        const near = nearest(key, valid, tool.deprecatedAliases);
        if (near) suggestions[safe] = near;
        lines.push(`unknown parameter "${safe}"${near ? ` (did you mean "${near}"?)` : ''}.`);
      }
      continue;
    }
    const top = issue.path[0];
    const param = typeof top === 'string' ? top : null;
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(arguments)';
    const missing =
      issue.code === 'invalid_type' && param !== null && issue.path.length === 1 && isUndefined(issue);
    const described = param && shape[param] ? parameterDescription(shape[param]) : undefined;
    const expects = described ? ` Expected: ${described}` : '';
    lines.push(
      missing ? `missing required parameter "${where}".${expects}` : `${where}: ${issue.message}.${expects}`,
    );
  }
  const example = tool.example ?? exampleFromSchema(shape);
  const call = `${toolName} ${JSON.stringify(example)}`;
  return new OpenDataError('invalid_input', `Invalid arguments for ${toolName}: ${lines.join(' ')}`, {
    hint: `Valid parameters: ${valid.join(', ')}. A minimal correct call: ${call}`,
    details: {
      ...(unknown.length > 0 ? { unknown_parameters: unknown, did_you_mean: suggestions } : {}),
      valid_parameters: valid,
      example: { tool: toolName, arguments: example },
    },
  });
}

// zod 4 reports a missing key as invalid_type with `input: undefined` only when asked for input;
// the message is the stable signal otherwise.
function isUndefined(issue: z.core.$ZodIssue): boolean {
  return 'input' in issue ? issue.input === undefined : /received undefined/.test(issue.message);
}

/** A key is echoed only when it looks like a parameter name; anything else is reported by its length. */
function printable(key: string): string {
  return /^[A-Za-z0-9_.-]{1,64}$/.test(key) ? key : `<${key.length} characters>`;
}

function nearest(key: string, valid: string[], aliases: Record<string, string> | undefined): string | null {
  const aliased = aliases?.[key];
  if (aliased) return aliased;
  if (valid.length === 0) return null;
  const lower = key.toLowerCase();
  const match = closest(lower, valid);
  // A guess further off than a third of the word misleads more than it helps.
  return distance(lower, match) <= Math.max(2, Math.ceil(match.length / 3)) ? match : null;
}

/** The required parameters with a placeholder each, for tools that declare no example. */
function exampleFromSchema(shape: Record<string, z.ZodType>): Record<string, unknown> {
  const example: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    if (schema.safeParse(undefined).success) continue;
    example[key] = placeholder(schema);
  }
  return example;
}

function placeholder(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodNumber) return 1;
  if (schema instanceof z.ZodBoolean) return true;
  if (schema instanceof z.ZodArray) return [];
  if (schema instanceof z.ZodObject || schema instanceof z.ZodRecord) return {};
  return '…';
}
