import type { ToolContext } from '@opendata-mcp/core';
import { isPlaceholder, type LangLiteral } from '../language.js';
import { PUBLISHED } from '../sparql/prefixes.js';
import { selectRows } from '../sparql/send-sparql.js';
import { catalogueQuery } from './catalogue-query.js';

/** One cube version, published or draft, with its names and descriptions in every language it carries. */
export interface CatalogueCube {
  cube_id: string;
  names: LangLiteral[];
  descriptions: LangLiteral[];
  creator: string | null;
  version: string | null;
  status: string | null;
}

/** Whether a cube is published: its status says so, or it states none. */
export function isPublished(cube: CatalogueCube): boolean {
  return cube.status === null || cube.status === PUBLISHED;
}

export interface CubeCatalogue {
  cubes: CatalogueCube[];
  /** False when the row cap cut the catalogue: a search over it may miss cubes. */
  complete: boolean;
  query: string;
  fetchedAt: string;
}

// Rows (one text each) fetched at most; a cube version carries a name and a description per language.
const MAX_ROWS = 200_000;
const CATALOGUE_TTL_MS = 60 * 60 * 1000;

/** The endpoint's cubes, drafts included, from cache or from one catalogue query. */
export async function loadCubeCatalogue(
  ctx: ToolContext,
  endpoint: string,
): Promise<{ catalogue: CubeCatalogue; cacheHit: boolean }> {
  const { value, hit } = await ctx.cache.getOrLoad(
    `lindas:catalogue:with-drafts:${endpoint}`,
    CATALOGUE_TTL_MS,
    async () => {
      const query = catalogueQuery(MAX_ROWS + 1);
      const answer = await selectRows(ctx, endpoint, query);
      const bindings = answer.body.results.bindings;
      const cubes = new Map<string, CatalogueCube>();
      for (const b of bindings.slice(0, MAX_ROWS)) {
        const id = b.cube?.value;
        const text = b.text?.value;
        if (!id || text === undefined || isPlaceholder(text)) continue;
        const cube = cubes.get(id) ?? {
          cube_id: id,
          names: [],
          descriptions: [],
          creator: b.creator?.value ?? null,
          version: b.version?.value ?? null,
          status: b.status?.value ?? null,
        };
        const texts = b.field?.value === 'name' ? cube.names : cube.descriptions;
        const literal = { value: text, lang: b.text?.['xml:lang'] ?? '' };
        if (!texts.some((t) => t.lang === literal.lang && t.value === literal.value)) texts.push(literal);
        cubes.set(id, cube);
      }
      return {
        cubes: [...cubes.values()],
        complete: bindings.length <= MAX_ROWS,
        query,
        fetchedAt: answer.fetchedAt.toISOString(),
      } satisfies CubeCatalogue;
    },
  );
  return { catalogue: value, cacheHit: hit };
}
