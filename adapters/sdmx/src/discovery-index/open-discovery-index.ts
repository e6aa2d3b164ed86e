import type { ToolContext } from '@opendata-mcp/core';
import { loadDataflowList } from '../registry/dataflow-list.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { buildDiscoveryData } from './discovery-data.js';
import { alreadyUnpacked, packIndex, type UnpackedIndex, unpackIndex } from './packed-index.js';
import { flowsOnlyIndex, type SearchableIndex } from './searchable-index.js';
import { readAlready, readIndex, type StoredIndex, storeIndex } from './stored-index.js';

export interface OpenedIndex {
  index: SearchableIndex;
  /** False while the index builds: the answer then comes from the flow titles alone. */
  complete: boolean;
  /** What the answer could not search, in a sentence; null when nothing was left out. */
  note: string | null;
  list: { url: string; fetchedAt: string; prepared: string | null };
  fromCache: boolean;
}

/** How long a search waits for a build before it answers from what is indexed so far. */
export const DEFAULT_INDEX_WAIT_MS = 10_000;
// A build of the largest registries takes about a minute; past this something is wrong.
const BUILD_DEADLINE_MS = 10 * 60_000;

/**
 * The discovery index of the registry, built once per metadata TTL. The build goes through the
 * instance's metadata cache: concurrent searches in one process share one build, replicas sharing
 * a store wait for the one that claimed it and then read its result, and a restart reads it back.
 * It runs apart from the call that started it (its own deadline, no progress), so a search that
 * stops waiting after `rt.indexWaitMs` answers from the flow titles and the build goes on.
 */
export async function openDiscoveryIndex(rt: SdmxRuntime, ctx: ToolContext): Promise<OpenedIndex> {
  const finished = await readyDiscoveryIndex(rt, ctx);
  if (finished) return complete(finished.unpacked, finished.hit);
  const list = await loadDataflowList(rt, ctx, rt.agency);
  return {
    index: await flowsOnlyIndex(list.dataflows, ctx.signal),
    complete: false,
    note:
      'The discovery index of this registry is still being built: this answer searched dataflow ' +
      'titles and descriptions only, not the indicator code lists. Ask again in a minute for the full search.',
    list: { url: list.url, fetchedAt: list.fetchedAt, prepared: list.prepared },
    fromCache: list.fromCache,
  };
}

/**
 * The complete index, built or read back as `openDiscoveryIndex` does, when it is ready within
 * `rt.indexWaitMs`; undefined past that, the build going on for the next caller.
 */
export async function readyDiscoveryIndex(
  rt: SdmxRuntime,
  ctx: ToolContext,
): Promise<{ unpacked: UnpackedIndex; hit: boolean } | undefined> {
  const key = indexKey(rt);
  const ttl = Math.max(rt.ttlMs, 1);
  const buildCtx: ToolContext = {
    ...ctx,
    signal: AbortSignal.timeout(BUILD_DEADLINE_MS),
    progress: async () => {},
  };
  const buildHere = async () => packIndex(await buildDiscoveryData(rt, buildCtx), buildCtx.signal);
  const ready = rt.ttlMs > 0 ? ctx.cache.get<StoredIndex>(key) : undefined;
  const build = (
    ready
      ? Promise.resolve({ value: ready, hit: true })
      : ctx.cache.getOrLoad(key, ttl, async () => storeIndex(ctx.cache, key, ttl, await buildHere()))
  ).then(async ({ value, hit }) => {
    const packed = await readIndex(ctx.cache, key, ttl, value);
    // A piece the store no longer holds: built again here, for this process only.
    return {
      unpacked: await unpackIndex(packed ?? (await buildHere()), rt.roleOverrides, buildCtx.signal),
      hit,
    };
  });
  // Whoever stops waiting leaves the build running; its failure is met by the next search.
  build.catch(() => {});
  return within(build, rt.indexWaitMs ?? DEFAULT_INDEX_WAIT_MS, ctx.signal);
}

/** The index when this process holds it already; never starts a build. */
export async function peekDiscoveryIndex(
  rt: SdmxRuntime,
  ctx: ToolContext,
): Promise<SearchableIndex | undefined> {
  const ready = rt.ttlMs > 0 ? ctx.cache.get<StoredIndex>(indexKey(rt)) : undefined;
  const packed = ready ? await readAlready(ready) : undefined;
  return packed ? alreadyUnpacked(packed)?.index : undefined;
}

function indexKey(rt: SdmxRuntime): string {
  return `sdmx:${rt.id}:discovery:7:${rt.agency}`;
}

function complete({ data, index }: UnpackedIndex, fromCache: boolean): OpenedIndex {
  const refused = data.bulk.filter((b) => !b.answered);
  return {
    index,
    complete: true,
    note: index.codesIndexed
      ? null
      : `The registry did not answer ${refused.map((b) => `${b.resource}/all (${b.reason})`).join(' and ')}: ` +
        'indicators were searched in the best-matching dataflows only.',
    list: data.list,
    fromCache,
  };
}

/** The promise's value if it settles within `ms`; undefined after that. A rejection is raised. */
async function within<T>(promise: Promise<T>, ms: number, signal: AbortSignal): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
    signal.addEventListener('abort', () => resolve(undefined), { once: true });
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
