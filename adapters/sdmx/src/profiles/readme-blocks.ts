import { profileTable, registryNameTable } from './profile-table.js';
import { REGISTRY_PROFILES } from './registry-profiles.js';

/**
 * Blocks of README text written from the registry profiles, so a table never drifts from the code.
 * In a README a block sits between `<!-- begin NAME … -->` and `<!-- end NAME -->`.
 */
export const README_BLOCKS: Readonly<Record<string, () => string>> = {
  'sdmx-registry-profiles': () => profileTable(REGISTRY_PROFILES),
  'sdmx-registry-names': () => registryNameTable(REGISTRY_PROFILES),
};

export const beginMarker = (name: string) =>
  `<!-- begin ${name}: generated from the registry profiles by \`pnpm --filter @opendata-mcp/sdmx docs\` -->`;
export const endMarker = (name: string) => `<!-- end ${name} -->`;

export interface RefreshedText {
  text: string;
  /** The blocks the text holds, in order. */
  found: string[];
  /** The blocks whose text differed from what the profiles give. */
  stale: string[];
}

const BEGIN = /<!-- begin ([a-z0-9-]+)(?::[^>]*)? -->\n/g;

/** The text with every known block rewritten from the profiles; other text is left as it is. */
export function refreshBlocks(text: string): RefreshedText {
  const found: string[] = [];
  const stale: string[] = [];
  let out = '';
  let from = 0;
  for (const match of text.matchAll(BEGIN)) {
    const name = match[1] ?? '';
    const render = README_BLOCKS[name];
    if (!render || match.index < from) continue;
    const bodyStart = match.index + match[0].length;
    const end = text.indexOf(`\n${endMarker(name)}`, bodyStart - 1);
    if (end < 0) throw new Error(`README block "${name}" has no "${endMarker(name)}" line`);
    const body = `${render()}\n`;
    found.push(name);
    if (text.slice(bodyStart, end + 1) !== body) stale.push(name);
    out += `${text.slice(from, match.index)}${beginMarker(name)}\n${body}`;
    from = end + 1;
  }
  return { text: out + text.slice(from), found, stale };
}
