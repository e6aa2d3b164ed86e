import type { OfflineSearch } from './offline-search.js';
import type { Target } from './question-set.js';

// The recorded Statistics Sweden table is served in Swedish only (adapters/pxweb/data/MANIFEST.md).
const PXWEB_RECORDED_LANGUAGE = 'sv';

/**
 * Whether the object a question is labelled with exists, read through the tools that open it, never
 * through search: a label naming nothing would count as a miss of the ranking.
 */
export async function labelledObjectExists(
  server: OfflineSearch,
  target: Target,
  indicatorCodes: () => Promise<Set<string>>,
): Promise<boolean> {
  // `known` lists the refusals that still mean the object exists.
  const opens = async (tool: string, args: Record<string, unknown>, known: string[] = []) =>
    server.callTool(tool, args).then(
      () => true,
      (error: { code?: string }) => known.includes(error.code ?? ''),
    );
  switch (`${target.adapter}/${target.kind}`) {
    case 'ckan/dataset':
      return opens('get_dataset', { dataset_id: target.id });
    case 'lindas/cube':
      // A cube the store knows by name and status only answers no_data: it exists, without a structure.
      return opens('get_cube_structure', { cube_id: target.id }, ['no_data']);
    case 'sdmx/dataflow':
      return opens('get_dataflow_structure', { flow_id: target.id });
    case 'sdmx/indicator':
      return (await indicatorCodes()).has(target.id);
    case 'pxweb/table':
      return (
        (await opens('get_table_structure', { table_id: target.id })) ||
        opens('get_table_structure', { table_id: target.id, language: PXWEB_RECORDED_LANGUAGE })
      );
    default:
      return false;
  }
}

/** Every code of the CME flow's indicator dimension, the code list the SDMX fixture's indicators come from. */
export async function cmeIndicatorCodes(server: OfflineSearch): Promise<Set<string>> {
  const codes = new Set<string>();
  let offset: number | null = 0;
  while (offset !== null) {
    const page = await server.callTool('list_codes', {
      flow_id: 'CME',
      dimension: 'INDICATOR',
      limit: 500,
      offset,
    });
    for (const code of page.codes as Array<{ id: string }>) codes.add(code.id);
    offset = page.next_offset as number | null;
  }
  return codes;
}
