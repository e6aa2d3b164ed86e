import { type ToolContext, workSlicer } from '@opendata-mcp/core';
import { loadDataflowList } from '../registry/dataflow-list.js';
import type {
  CodelistInfo,
  DataflowInfo,
  DataStructureInfo,
  LocalText,
  StructureMessage,
} from '../registry/structure-types.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { type BulkOutcome, fetchBulk } from './bulk-query.js';
import { dimensionCodelistsOf, structureKey } from './flow-structures.js';
import { codeTextIndex, flowTextIndex } from './text-documents.js';

/**
 * The discovery index of one registry agency as plain data: what the shared store keeps for the
 * metadata TTL, so replicas and restarts read one build. The code lists kept are those the flows'
 * dimensions name: indicator lists are searched by words, the others (areas, sexes) let filter
 * words and place names be read as codes without opening each flow's structure.
 */
export interface DiscoveryData {
  format: 2;
  agency: string;
  builtAt: string;
  list: { url: string; fetchedAt: string; prepared: string | null };
  flows: DataflowInfo[];
  dataStructures: DataStructureInfo[];
  /** The indicator code lists first (those `codeText` indexes), then the other dimensions' lists. */
  codelists: CodelistInfo[];
  /** Names of the categories each flow is filed under (every language), by flow id. */
  filedUnder: Record<string, LocalText[]>;
  bulk: BulkOutcome[];
  /** The full-text index of the flows (`flowTextIndex`), serialised. */
  flowText: string;
  /** The full-text index of the indicator codes (`codeTextIndex`), serialised. */
  codeText: string;
  /** For each code document, its places in `codelists` as `[list, code, list, code …]`. */
  codePlaces: number[][];
}

/**
 * Builds the index (flow and indicator code texts in every language the messages carry) from the fewest requests the registry allows: the dataflow list, every DSD
 * without references, every code list, and the category schemes with their categorisations where
 * the profile says they are offered. A refused query leaves its part out and says so in `bulk`.
 */
export async function buildDiscoveryData(rt: SdmxRuntime, ctx: ToolContext): Promise<DiscoveryData> {
  const agency = rt.agency;
  const facts = rt.profile?.bulkQueries;
  const list = await loadDataflowList(rt, ctx, agency);
  const categories = facts?.categories?.answered === true;
  const [dsds, codelists, schemes, filings] = await Promise.all([
    fetchBulk(rt, ctx, 'datastructure', agency, facts?.dataStructures),
    fetchBulk(rt, ctx, 'codelist', agency, facts?.codelists),
    categories ? fetchBulk(rt, ctx, 'categoryscheme', agency, facts?.categories) : null,
    categories ? fetchBulk(rt, ctx, 'categorisation', agency, facts?.categories) : null,
  ]);
  const used = usedStructures(list.dataflows, dsds.message);
  const indicators = new Set<CodelistInfo>();
  const others = new Set<CodelistInfo>();
  const byId = codelistsById(codelists.message?.codelists ?? []);
  // Tens of microseconds a flow, a quarter of a second for a registry's 8,000: in slices.
  const slicer = workSlicer(ctx.signal);
  for (const flow of list.dataflows) {
    const lists = dimensionCodelistsOf(flow, used, byId, rt.roleOverrides);
    if (lists.indicator) indicators.add(lists.indicator);
    for (const other of lists.others) others.add(other);
    await slicer.tick();
  }
  const filed = filedUnder(schemes?.message ?? null, filings?.message ?? null);
  const indicatorLists = [...indicators];
  const text = new TextDecoder();
  const codeText = await codeTextIndex(indicatorLists, ctx.signal);
  const flowText = await flowTextIndex(list.dataflows, filed, ctx.signal);
  return {
    format: 2,
    agency,
    builtAt: ctx.clock.now().toISOString(),
    list: { url: list.url, fetchedAt: list.fetchedAt, prepared: list.prepared },
    flows: list.dataflows,
    dataStructures: [...used.values()],
    codelists: [...indicatorLists, ...[...others].filter((l) => !indicators.has(l))],
    filedUnder: filed,
    bulk: [dsds, codelists, schemes, filings].flatMap((b) => (b ? [b.outcome] : [])),
    flowText: text.decode(await flowText.serializeAsync({ signal: ctx.signal })),
    codeText: text.decode(await codeText.index.serializeAsync({ signal: ctx.signal })),
    codePlaces: codeText.places,
  };
}

/** The DSDs the flows name, by the key of the flow's reference (a DSD asked without version matches its latest). */
function usedStructures(
  flows: DataflowInfo[],
  message: StructureMessage | null,
): Map<string, DataStructureInfo> {
  const used = new Map<string, DataStructureInfo>();
  if (!message) return used;
  const byId = new Map<string, DataStructureInfo[]>();
  for (const dsd of message.dataStructures) byId.set(dsd.id, [...(byId.get(dsd.id) ?? []), dsd]);
  for (const flow of flows) {
    const ref = flow.structure;
    if (!ref) continue;
    const candidates = byId.get(ref.id) ?? [];
    const dsd =
      candidates.find((d) => d.agency === ref.agency && d.version === ref.version) ??
      candidates.find((d) => !ref.agency || d.agency === ref.agency);
    if (dsd) used.set(structureKey(ref), dsd);
  }
  return used;
}

export function codelistsById(codelists: CodelistInfo[]): Map<string, CodelistInfo[]> {
  const byId = new Map<string, CodelistInfo[]>();
  for (const list of codelists) byId.set(list.id, [...(byId.get(list.id) ?? []), list]);
  return byId;
}

/** Category names (with the names of the categories above) under which each dataflow is filed. */
function filedUnder(
  schemes: StructureMessage | null,
  filings: StructureMessage | null,
): Record<string, LocalText[]> {
  const out: Record<string, LocalText[]> = {};
  if (!schemes?.categorySchemes || !filings?.categorisations) return out;
  const names = new Map<string, LocalText[]>();
  for (const scheme of schemes.categorySchemes)
    for (const category of scheme.categories)
      names.set(`${scheme.id}:${[...category.path, category.id].join('.')}`, category.names);
  for (const filing of filings.categorisations) {
    if (filing.source.kind && filing.source.kind !== 'Dataflow') continue;
    const texts = filing.categoryPath.flatMap(
      (_, i) => names.get(`${filing.scheme.id}:${filing.categoryPath.slice(0, i + 1).join('.')}`) ?? [],
    );
    out[filing.source.id] = [...(out[filing.source.id] ?? []), ...texts];
  }
  return out;
}
