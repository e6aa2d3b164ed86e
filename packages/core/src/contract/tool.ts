import type { CallToolResult, ImageContent, InputRequiredResult } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { Provenance } from '../envelope/provenance.js';
import type { KeepableTable, KeptSource, SerialisedKeepableTable } from '../results/kept-table.js';
import type { RequestContext, ToolContext } from './context.js';

/** All four hints are required: clients decide on confirmation prompts from them. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** The annotations of a tool that only reads from a public portal. */
export const READ_ONLY_OPEN_WORLD: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
};

/** What a data tool returns: its own fields plus the provenance the envelope requires. */
export interface ToolResult<Data> {
  data: Data;
  source: Provenance;
  /**
   * What core keeps as this answer's result (named by `result_id` in the envelope). By default the
   * table in `data` (`columns` and `rows`, with `fixed` and `labels`) is kept with `source`. A tool
   * whose answer shows one page of a larger table it holds hands the whole table here; `sources`
   * replaces `source` when the table combines several; `false` keeps nothing; `{ note }` keeps
   * nothing and tells the agent why (the envelope's `result_note`). A table whose rows are already
   * JSON text (`rowsJson`, as an engine writes a query's result) is kept as it is.
   */
  keep?:
    | { table: KeepableTable | SerialisedKeepableTable; sources?: KeptSource[] }
    | { note: string }
    | false;
  /**
   * Pictures shown beside the answer (a chart), after its text mirror. The envelope stays the answer:
   * whatever an image shows, the envelope states too, for clients and agents that cannot see it.
   */
  images?: ImageContent[];
}

// biome-ignore lint/suspicious/noExplicitAny: a schema of any shape is accepted here; inference narrows it.
export type AnyObjectSchema = z.ZodObject<any>;

interface ToolMetadata<Input extends AnyObjectSchema> {
  /** verb_noun, e.g. `search_cubes`. */
  name: string;
  title: string;
  /** Written for an agent: what the tool is for, when to use another, what the key fields mean. */
  description: string;
  /** A strict zod object; every field described. */
  input: Input;
  annotations: ToolAnnotations;
  /**
   * A minimal correct call, shown when a call is refused as invalid_input so that the next try is
   * right. Without it core builds one from the required parameters.
   */
  example?: Record<string, unknown>;
  /**
   * Old parameter names still read for one release, each mapped to its new name. A call that uses
   * one is answered, with a `deprecated` note naming the new parameter.
   */
  deprecatedAliases?: Record<string, string>;
  /**
   * The tool's `_meta` in `tools/list`, for protocol extensions: `{ ui: { resourceUri } }` names the
   * MCP Apps page a host may show with the answer. Hosts that know no such key ignore it.
   */
  meta?: Record<string, unknown>;
}

/** A tool whose answer is data from a portal, wrapped by core in the answer envelope. */
export interface DataToolDefinition<Input extends AnyObjectSchema, Output extends AnyObjectSchema>
  extends ToolMetadata<Input> {
  kind: 'data';
  /** The tool's own fields; core adds `ok`, `source`, `citation`, `retrieved_at`. */
  output: Output;
  execute(input: z.output<Input>, ctx: ToolContext): Promise<ToolResult<z.input<Output>>>;
}

/**
 * A tool that answers with MCP content blocks directly (images, audio, embedded resources,
 * protocol round trips). It has no envelope and no provenance, so it must not carry portal data.
 * It may answer `inputRequired(...)` to ask the client for input (elicitation, sampling, roots);
 * the SDK serves that to both protocol eras, and the retried call carries the answers in
 * `ctx.request.mcpReq.inputResponses`.
 */
export interface ContentToolDefinition<Input extends AnyObjectSchema> extends ToolMetadata<Input> {
  kind: 'content';
  output?: AnyObjectSchema;
  execute(input: z.output<Input>, ctx: RequestContext): Promise<CallToolResult | InputRequiredResult>;
}

export type AnyToolDefinition =
  // biome-ignore lint/suspicious/noExplicitAny: the registry holds tools of every shape.
  DataToolDefinition<any, any> | ContentToolDefinition<any>;

/** Declares a data tool; the identity function exists for type inference of `execute`. */
export function defineTool<Input extends AnyObjectSchema, Output extends AnyObjectSchema>(
  definition: Omit<DataToolDefinition<Input, Output>, 'kind'>,
): DataToolDefinition<Input, Output> {
  return { kind: 'data', ...definition };
}

/** Declares a content tool (see {@link ContentToolDefinition}). */
export function defineContentTool<Input extends AnyObjectSchema>(
  definition: Omit<ContentToolDefinition<Input>, 'kind'>,
): ContentToolDefinition<Input> {
  return { kind: 'content', ...definition };
}
