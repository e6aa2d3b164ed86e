import { isOpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { PxwebApi, TableStructure } from '../api/pxweb-api.js';
import type { PxwebApiFor } from '../api/pxweb-api-for.js';
import type { PxwebRuntime } from '../pxweb-runtime.js';
import { languagesToSearch } from './search-in-languages.js';

/** A table's structure, with the API of the language it was read in. */
export interface TableInLanguage {
  api: PxwebApi;
  structure: TableStructure;
  language: string;
}

/**
 * A table's structure in the language asked for; else in the configured language, or, when the
 * portal has no such table there, in the first other language it serves that has it. Portals often
 * publish fewer tables in English than in their own language, and `search_tables` finds a table by
 * its title in any of them, so an id from a Swedish hit must not answer "no such table" because the
 * server is set to English. A table in none of them is not found, as the portal says.
 */
export async function tableInLanguage(
  ctx: ToolContext,
  rt: PxwebRuntime,
  apiFor: PxwebApiFor,
  asked: string | undefined,
  tableId: string,
): Promise<TableInLanguage> {
  const read = async (language: string): Promise<TableInLanguage> => {
    const api = apiFor(language);
    return { api, structure: await api.structure(ctx, tableId), language };
  };
  if (asked) return read(asked);
  try {
    return await read(rt.language);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    const [, ...others] = await languagesToSearch(ctx, rt, apiFor, undefined);
    for (const language of others) {
      try {
        return await read(language);
      } catch (otherError) {
        if (!isNotFound(otherError)) throw otherError;
      }
    }
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return isOpenDataError(error) && error.code === 'not_found';
}
