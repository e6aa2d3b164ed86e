/**
 * What keeps a module's export from being used as an adapter plugin; empty when nothing. Checked
 * by shape, not by class: the plugin may bring its own copy of zod.
 */
export function pluginProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return ['no such export'];
  const plugin = value as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof plugin.type !== 'string' || !/^[a-z][a-z0-9_-]{0,39}$/.test(plugin.type))
    problems.push('"type" must be a lower-case name');
  if (typeof plugin.description !== 'string' || plugin.description.length === 0)
    problems.push('"description" must be a sentence');
  const options = plugin.options as { safeParse?: unknown; shape?: unknown } | undefined;
  if (typeof options?.safeParse !== 'function' || typeof options.shape !== 'object')
    problems.push('"options" must be a zod object schema');
  if (typeof plugin.create !== 'function') problems.push('"create" must be a function');
  if (plugin.fixture !== undefined && typeof plugin.fixture !== 'function')
    problems.push('"fixture" must be a function when given');
  const fixtureOptions = plugin.fixtureOptions;
  if (fixtureOptions !== undefined && (typeof fixtureOptions !== 'object' || fixtureOptions === null))
    problems.push('"fixtureOptions" must be an object when given');
  if (plugin.demo !== undefined && typeof (plugin.demo as { steps?: unknown }).steps !== 'object')
    problems.push('"demo" must be a demo journey when given');
  return problems;
}
