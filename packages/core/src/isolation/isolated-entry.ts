/**
 * Where a child process or thread finds its entry module. A built package runs the compiled `.js`
 * beside the caller; from the TypeScript sources (tests, development) the entry is the `.ts`
 * sibling, loaded through tsx with the workspace's source condition.
 */
export interface IsolatedEntry {
  url: URL;
  /** True when `url` is a TypeScript source that needs tsx to load. */
  fromSource: boolean;
}

/** The condition under which workspace packages resolve to their TypeScript sources. */
export const SOURCE_CONDITION = '--conditions=@opendata-mcp/source';

/**
 * @param callerUrl the caller's `import.meta.url`: the entry lives beside it, in the same form
 * @param name the entry's file name without extension, e.g. `worker-main`
 */
export function isolatedEntry(callerUrl: string, name: string): IsolatedEntry {
  const fromSource = callerUrl.endsWith('.ts');
  return { url: new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, callerUrl), fromSource };
}
