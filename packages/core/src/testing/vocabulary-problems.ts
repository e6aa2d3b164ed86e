import type { z } from 'zod';
import { parameterDescription } from '../contract/parameter-description.js';
import type { AnyToolDefinition } from '../contract/tool.js';

/** Spellings the vocabulary replaced (docs/VOCABULARY.md): a tool that uses one makes agents guess. */
export const RETIRED_PARAMETER_NAMES = [
  'cube_uri',
  'creator_uri',
  'organization',
  'name_or_bfs',
  'uri',
  'id',
  'lang',
  'page',
  'start',
  'rows',
  'size',
  'max',
  'top',
  'skip',
  'from',
  'to',
] as const;

/** Parameters every tool must leave optional when it has them. */
const ALWAYS_OPTIONAL = [
  'limit',
  'offset',
  'language',
  'filters',
  'start_period',
  'end_period',
  'sort',
  'columns',
];

const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/**
 * How a description says what an optional parameter means when it is absent: "default: 10",
 * "optional", "by default …", "… when left out", "if omitted", "when not given" (docs/VOCABULARY.md).
 */
const STATES_DEFAULT =
  /\b(?:default|optional)|\b(?:when|if)\s+(?:it\s+is\s+|they\s+are\s+)?(?:left\s+out|omitted|absent|missing|not\s+(?:given|set|specified|provided))\b/i;

export interface VocabularyOptions {
  /** Tools whose truncated answers cannot be paged by offset, each with the reason. */
  unpaged?: Record<string, string>;
}

/**
 * What a tool does against the shared vocabulary; an empty list when it keeps every checked rule.
 * Used by the conformance suite and by the repository's test over every registered tool.
 */
export function vocabularyProblems(tool: AnyToolDefinition, options: VocabularyOptions = {}): string[] {
  const problems: string[] = [];
  const shape = tool.input.shape as Record<string, z.ZodType>;
  for (const [name, schema] of Object.entries(shape)) {
    if (!SNAKE.test(name)) problems.push(`${name}: parameter names are snake_case`);
    if ((RETIRED_PARAMETER_NAMES as readonly string[]).includes(name))
      problems.push(`${name}: a retired spelling; see docs/VOCABULARY.md for the name to use`);
    if (name.endsWith('_uri')) problems.push(`${name}: an object's identifier is <object>_id`);
    const optional = schema.safeParse(undefined).success;
    if (ALWAYS_OPTIONAL.includes(name) && !optional) problems.push(`${name}: must be optional`);
    const description = parameterDescription(schema) ?? '';
    if (description.length < 10) problems.push(`${name}: not described`);
    else if (optional && !STATES_DEFAULT.test(description))
      problems.push(`${name}: optional, but the description does not state the default`);
  }
  if ('filters' in shape && !shape.filters?.safeParse({ DIMENSION: 'CODE' }).success)
    problems.push('filters: must take the shared object form, a single code accepted where a list is');
  const output = tool.output?.shape as Record<string, z.ZodType> | undefined;
  if (output && 'truncated' in output && !(tool.name in (options.unpaged ?? {}))) {
    if (!('offset' in shape)) problems.push('truncated answers need an offset parameter');
    if (!('next_offset' in output)) problems.push('truncated answers need a next_offset field');
  }
  if (tool.example && !tool.input.safeParse(tool.example).success)
    problems.push(`example ${JSON.stringify(tool.example)} is not a valid call`);
  for (const [old, current] of Object.entries(tool.deprecatedAliases ?? {})) {
    if (!(current in shape)) problems.push(`deprecated alias ${old} points to unknown parameter ${current}`);
    if (old in shape) problems.push(`deprecated alias ${old} is still a parameter`);
  }
  return problems;
}
