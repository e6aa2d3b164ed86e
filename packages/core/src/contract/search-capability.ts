import type { ToolContext } from './context.js';

/** What `search_all` asks each adapter that can search. */
export interface SearchRequest {
  /** Words as the agent typed them, 2..200 characters. */
  query: string;
  /** Hits wanted from this adapter; it may return fewer. */
  limit: number;
  /** The language asked for, when the agent gave one. */
  language?: string;
}

/** One thing an adapter found, with the call that opens it. */
export interface SearchHit {
  /** What was found: "cube", "dataset", "dataflow", "indicator" … */
  kind: string;
  id: string;
  title: string | null;
  description?: string | null;
  publisher?: string | null;
  /** Language of title and description (ISO 639-1), when the adapter knows it; else the adapter's first language. */
  language?: string | null;
  /**
   * The title in the other languages the portal gives it: not shown, but read when hits are ranked,
   * so that a question in any of them covers the hit as one in the title's language does.
   */
  names?: ReadonlyArray<{ lang: string; text: string }>;
  /** The adapter's own tool (unprefixed name) and arguments that show this hit's structure. */
  open: { tool: string; arguments: Record<string, unknown> };
}

/**
 * The optional search capability of an adapter: implement it and `search_all` includes the
 * backend, so agents facing several backends need not guess which one holds the answer. Hits come
 * best first; core ranks across adapters with its text index over their titles and descriptions,
 * so a backend need not score its hits, only find them (every word of the query optional).
 */
export type AdapterSearch = (request: SearchRequest, ctx: ToolContext) => Promise<SearchHit[]>;
