import type { QueryRecord, ToolContext } from '@opendata-mcp/core';
import type { CodedValue, DecodedDataset } from '../json-stat/decode-json-stat.js';

/** When and how an answer was fetched, for provenance. */
export interface Fetched {
  /** The URL called. */
  url: string;
  /** Exactly what ran: the URL for a GET, method, URL and body for a POST. */
  query: QueryRecord;
  fetchedAt: Date;
  fromCache: boolean;
}

export interface FolderEntry {
  kind: 'folder' | 'table';
  /** Pass to browse_tables (a folder) or to get_table_structure and query_table (a table). */
  id: string;
  label: string;
  updated: string | null;
}

export interface TableHit {
  id: string;
  label: string;
  updated: string | null;
  first_period: string | null;
  last_period: string | null;
  /** Labels of the folders above the table, outermost first. */
  path: string[];
}

export interface TableVariable {
  code: string;
  label: string | null;
  role: 'time' | 'metric' | 'geo' | null;
  /** True when a query may leave the variable out (the portal then totals or drops it). */
  elimination: boolean;
  values: CodedValue[];
}

export interface TableStructure extends Fetched {
  tableId: string;
  title: string;
  updated: string | null;
  source: string | null;
  variables: TableVariable[];
}

/** One variable of a data query: the codes wanted, or every code. */
export interface SelectionItem {
  code: string;
  values: string[] | 'all';
}

export interface PortalConfiguration {
  languages: string[];
  license: string | null;
}

/** The operations both PxWeb API generations offer, each answering in one vocabulary. */
export interface PxwebApi {
  browse(ctx: ToolContext, folderId: string | null): Promise<Fetched & { entries: FolderEntry[] }>;
  search(
    ctx: ToolContext,
    query: string,
    limit: number,
  ): Promise<Fetched & { tables: TableHit[]; total: number | null }>;
  /**
   * Every table of the portal in a few paged requests, for a search ranked here; null when the API
   * has no such listing (v1 lists a folder at a time). `complete` is false when the page cap cut it.
   */
  listAll(ctx: ToolContext): Promise<(Fetched & { tables: TableHit[]; complete: boolean }) | null>;
  structure(ctx: ToolContext, tableId: string): Promise<TableStructure>;
  data(
    ctx: ToolContext,
    tableId: string,
    selection: SelectionItem[],
  ): Promise<Fetched & { dataset: DecodedDataset }>;
  /**
   * What the portal says of itself (v2 `/config`): the languages it serves its tables in, as it
   * names them, and the URL of the licence its data is under, when it states one. Null where the
   * API has no such answer (v1 has a root per language and no configuration to read).
   */
  configuration(ctx: ToolContext): Promise<PortalConfiguration | null>;
  /** A cheap call that proves the portal answers, with one count. */
  probe(ctx: ToolContext): Promise<{ label: string; value: number }>;
}
