import type { CodeInfo } from '../registry/structure-types.js';

/** Parent links of one code list, read both ways. */
export interface CodeTree {
  byId: Map<string, CodeInfo>;
  children: Map<string, string[]>;
}

const trees = new WeakMap<CodeInfo[], CodeTree>();

/** The tree of a code list, built once per list (lists hold up to thousands of codes). */
export function codeTree(codes: CodeInfo[]): CodeTree {
  let tree = trees.get(codes);
  if (!tree) {
    const byId = new Map(codes.map((c) => [c.id, c]));
    const children = new Map<string, string[]>();
    for (const code of codes) {
      if (code.parent === null) continue;
      const list = children.get(code.parent) ?? [];
      list.push(code.id);
      children.set(code.parent, list);
    }
    tree = { byId, children };
    trees.set(codes, tree);
  }
  return tree;
}

/** Ids above a code, nearest first; stops on a cycle, which a malformed list may hold. */
export function ancestorsOf(tree: CodeTree, id: string): string[] {
  const seen: string[] = [];
  let parent = tree.byId.get(id)?.parent ?? null;
  while (parent !== null && !seen.includes(parent)) {
    seen.push(parent);
    parent = tree.byId.get(parent)?.parent ?? null;
  }
  return seen;
}

/** Every code under one, depth first; `leavesOnly` keeps those without children of their own. */
export function descendantsOf(tree: CodeTree, id: string, leavesOnly = false): string[] {
  const out: string[] = [];
  const seen = new Set<string>([id]);
  const walk = (at: string) => {
    for (const child of tree.children.get(at) ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      const grand = tree.children.get(child) ?? [];
      if (!leavesOnly || grand.length === 0) out.push(child);
      walk(child);
    }
  };
  walk(id);
  return out;
}
