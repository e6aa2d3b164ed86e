import { type Adapter, SPECIFICATION_VERSION } from '../contract/adapter.js';
import type { AnyToolDefinition } from '../contract/tool.js';

/** An adapter with an optional prefix for its tool names, to run two instances side by side. */
export interface AdapterEntry {
  adapter: Adapter;
  /** Prepended as `<prefix>_<tool>`; lower snake case. */
  toolPrefix?: string;
}

/** Who a tool belongs to: an adapter instance, or the server itself (`api_status`, `search_all`, extensions). */
export type ToolOwner = { kind: 'adapter'; adapter: Adapter } | { kind: 'server' };

export interface ComposedTool {
  name: string;
  tool: AnyToolDefinition;
  owner: ToolOwner;
}

/**
 * The id the server's own answers carry as `source.adapter_id`: an adapter under it would read as
 * the server in every citation, so none may take it.
 */
export const SERVER_OWNER_ID = 'core';

/** The id a composed tool reports as its adapter's: the instance's, or the server's own. */
export function ownerId(owner: ToolOwner): string {
  return owner.kind === 'adapter' ? owner.adapter.id : SERVER_OWNER_ID;
}

export class CompositionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CompositionError';
  }
}

const PREFIX = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const TOOL_NAME = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;

/** Checks a set of adapters once at start-up: unique ids, contract version, no tool name clash. */
export function composeAdapters(
  entries: ReadonlyArray<Adapter | AdapterEntry>,
  reserved: string[] = [],
): ComposedTool[] {
  const byId = new Map<string, Adapter>();
  /** Names taken so far, and by whom: the server's own names first. */
  const taken = new Map<string, string>(reserved.map((name) => [name, SERVER_OWNER_ID]));
  const composed: ComposedTool[] = [];

  for (const entry of entries) {
    const { adapter, toolPrefix } = 'adapter' in entry ? entry : { adapter: entry, toolPrefix: undefined };
    if (adapter.specificationVersion !== SPECIFICATION_VERSION) {
      throw new CompositionError(
        `Adapter "${adapter.id}" implements contract version ${String(adapter.specificationVersion)}, but this core speaks version ${SPECIFICATION_VERSION}.`,
      );
    }
    if (adapter.id === SERVER_OWNER_ID) {
      throw new CompositionError(
        `The adapter id "${SERVER_OWNER_ID}" names the server's own tools in every citation; give the instance another "id".`,
      );
    }
    if (byId.has(adapter.id)) {
      throw new CompositionError(
        `Two adapters share the id "${adapter.id}". Give each instance its own "id" in the configuration.`,
      );
    }
    if (toolPrefix !== undefined && !PREFIX.test(toolPrefix)) {
      throw new CompositionError(
        `Tool prefix "${toolPrefix}" of adapter "${adapter.id}" must be lower snake case.`,
      );
    }
    byId.set(adapter.id, adapter);
    for (const tool of adapter.tools) {
      if (!TOOL_NAME.test(tool.name)) {
        throw new CompositionError(`Tool "${tool.name}" of adapter "${adapter.id}" is not a verb_noun name.`);
      }
      const name = toolPrefix ? `${toolPrefix}_${tool.name}` : tool.name;
      const clash = taken.get(name);
      if (clash) {
        throw new CompositionError(
          `Tool name "${name}" is registered by both "${clash}" and "${adapter.id}". ` +
            `Run the second instance with a tool prefix (config: "tool_prefix": "${adapter.id.replace(/[^a-z0-9]+/g, '_')}").`,
        );
      }
      taken.set(name, adapter.id);
      composed.push({ name, tool, owner: { kind: 'adapter', adapter } });
    }
  }
  return composed;
}
