import type { Adapter } from '../contract/adapter.js';

function escapeRegExp(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * An adapter served under a tool prefix names its tools without it (in its instructions and
 * descriptions: "pass the id to get_table_structure"). This copy names them as the client sees
 * them ("fi_get_table_structure"), so a second instance never sends an agent to the first one's tools.
 */
export function withPrefixedMentions(adapter: Adapter, prefix: string): Adapter {
  const names = adapter.tools.map((tool) => tool.name).sort((a, b) => b.length - a.length);
  if (names.length === 0) return adapter;
  const mention = new RegExp(`(?<![\\w])(${names.map(escapeRegExp).join('|')})(?![\\w])`, 'g');
  const rename = (text: string) => text.replace(mention, (name) => `${prefix}_${name}`);
  return {
    ...adapter,
    instructions: rename(adapter.instructions),
    tools: adapter.tools.map((tool) => ({ ...tool, description: rename(tool.description) })),
  };
}
