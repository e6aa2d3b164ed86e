import type { Provenance } from '@opendata-mcp/core';
import type { CubeDescription } from './cube/cube-description.js';
import { type Language, pickLabel } from './language.js';
import type { LindasRuntime } from './lindas-runtime.js';

export interface SourceInput {
  /** The SPARQL sent for the data of this answer. */
  query: string;
  retrievedAt: Date;
  cube?: CubeDescription;
  language?: Language;
  /** True when the answer itself came from the metadata cache (not just the structure behind it). */
  fromCache?: boolean;
  identifiers?: Record<string, string>;
  /** Names an answer that is not about one cube (a search, a listing), so its citation says what was asked. */
  title?: string;
}

/** Provenance of a LINDAS answer; dates LINDAS does not state stay null. */
export function lindasSource(rt: LindasRuntime, input: SourceInput): Provenance {
  const { cube } = input;
  const language = input.language ?? rt.language;
  const publisher = cube ? (pickLabel(cube.creatorNames, language)?.value ?? cube.creator) : null;
  return {
    backend: 'lindas',
    adapter_id: rt.id,
    endpoint: rt.endpoint,
    identifiers: { ...(cube ? { cube: cube.uri } : {}), ...input.identifiers },
    title: cube ? (pickLabel(cube.names, language)?.value ?? null) : (input.title ?? null),
    publisher,
    url: cube?.uri ?? null,
    query: { language: 'sparql', text: input.query },
    access_method: 'sparql',
    retrieved_at: input.retrievedAt.toISOString(),
    metadata_retrieved_at: cube ? cube.fetchedAt : null,
    source_modified_at: cube?.modified ?? null,
    license: cube?.licence
      ? { id: null, title: null, url: cube.licence.uri, source_property: cube.licence.property }
      : null,
    cache: {
      hit: input.fromCache ?? false,
      revalidated: false,
      // When the cached answer itself was fetched: the cube's description may be older or newer.
      first_fetched_at: input.fromCache ? input.retrievedAt.toISOString() : null,
    },
  };
}
