import { type Adapter, SPECIFICATION_VERSION } from '../contract/adapter.js';
import type { AnyToolDefinition } from '../contract/tool.js';

/** An adapter with an optional prefix for its tool names, to run two instances side by side. */
export interface AdapterEntry {
  adapter: Adapter;
  /** Prepended as `<prefix>_<tool>`; lower snake case. */
  toolPrefix?: string;
}

export interface ComposedTool {
  name: string;
  tool: AnyToolDefinition;
  adapter: Adapter;
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
  const byName = new Map<string, ComposedTool>();
  for (const name of reserved)
    byName.set(name, { name, tool: undefined as never, adapter: { id: 'core' } as Adapter });

  for (const entry of entries) {
    const { adapter, toolPrefix } = 'adapter' in entry ? entry : { adapter: entry, toolPrefix: undefined };
    if (adapter.specificationVersion !== SPECIFICATION_VERSION) {
      throw new CompositionError(
        `Adapter "${adapter.id}" implements contract version ${String(adapter.specificationVersion)}, but this core speaks version ${SPECIFICATION_VERSION}.`,
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
      const clash = byName.get(name);
      if (clash) {
        throw new CompositionError(
          `Tool name "${name}" is registered by both "${clash.adapter.id}" and "${adapter.id}". ` +
            `Run the second instance with a tool prefix (config: "tool_prefix": "${adapter.id.replace(/[^a-z0-9]+/g, '_')}").`,
        );
      }
      byName.set(name, { name, tool, adapter });
    }
  }
  return [...byName.values()].filter((t) => t.tool !== undefined);
}
