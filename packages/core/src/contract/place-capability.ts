import type { Place } from '../places/place.js';
import type { ToolContext } from './context.js';
import type { SearchHit } from './search-capability.js';

/** One code or IRI a backend knows a place by, and where it applies. */
export interface PlaceCode {
  code: string;
  /** The backend's own label for it, when it has one. */
  label: string | null;
  /** Where the code applies: a code list, a dimension, a table variable. */
  where: string;
}

/** How one backend codes a place: no codes means the backend does not code it. */
export interface PlaceCoding {
  codes: PlaceCode[];
  /** What was read to tell, or why nothing fits; null when there is nothing to add. */
  note: string | null;
  /**
   * For a group: its members as this backend codes them, and whose membership that is (the
   * backend's own hierarchy, or the gazetteer's members mapped to its codes). Absent when not told.
   */
  members?: { codes: string[]; source: 'backend' | 'gazetteer' };
}

/** The place and period a question names, for `coverage`. */
export interface CoverageQuestion {
  /** The places a name in the question fits; a hit covers the question when it holds any of them. */
  places: Place[];
  /** A year or period the question names, e.g. "2020"; null when it names none. */
  period: string | null;
}

/** Whether one hit holds data for the place and for the period; null where the backend cannot tell cheaply. */
export interface HitCoverage {
  place: boolean | null;
  period: boolean | null;
}

/**
 * The optional place capability of an adapter: `resolve_place` asks `code` how the backend knows a
 * gazetteer place, and `search_all` asks `coverage` whether its hits hold data for a place the
 * question names. Both read what the backend already has at hand (code lists, constraints, cached
 * metadata) and may answer "unknown" rather than spend many requests.
 */
export interface AdapterPlaces {
  code(place: Place, ctx: ToolContext): Promise<PlaceCoding>;
  /** One answer per hit, in the order given. */
  coverage?(
    hits: ReadonlyArray<SearchHit>,
    question: CoverageQuestion,
    ctx: ToolContext,
  ): Promise<HitCoverage[]>;
}
