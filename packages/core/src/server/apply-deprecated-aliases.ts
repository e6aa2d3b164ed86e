/**
 * Renames parameters a call gives under an old name to their new one, so that callers written
 * against the previous release keep working for one more, and says which were renamed. A call that
 * gives both names is left alone: strict input checking then refuses the old one by name.
 */
export function applyDeprecatedAliases(
  args: unknown,
  aliases: Record<string, string> | undefined,
): { args: unknown; notes: string[] } {
  if (!aliases || args === null || typeof args !== 'object' || Array.isArray(args))
    return { args, notes: [] };
  const renamed: Record<string, unknown> = { ...(args as Record<string, unknown>) };
  const notes: string[] = [];
  for (const [old, current] of Object.entries(aliases)) {
    if (!(old in renamed) || current in renamed) continue;
    renamed[current] = renamed[old];
    delete renamed[old];
    notes.push(`"${old}" is a deprecated name of "${current}" and will be removed; use "${current}".`);
  }
  return { args: renamed, notes };
}
