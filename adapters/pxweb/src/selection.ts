import { OpenDataError } from '@opendata-mcp/core';
import type { SelectionItem, TableStructure } from './api/pxweb-api.js';
import { placeValueCode } from './place-value-code.js';

export interface Selection {
  items: SelectionItem[];
  /** Cells the portal will answer with: the product of the selected value counts. */
  cells: number;
}

/**
 * Turns `filters` into a PxWeb selection, checked against the table before the portal is asked:
 * unknown variables and codes are refused with the valid choices (a place name in another
 * language is first read as the value it names), a variable left out is dropped
 * when the table allows it and taken whole when it does not, and a selection over the cell budget
 * is refused instead of being cut short.
 */
export function buildSelection(
  structure: TableStructure,
  filters: Record<string, string[]>,
  maxCells: number,
): Selection {
  const byCode = new Map(structure.variables.map((v) => [v.code, v]));
  for (const code of Object.keys(filters)) {
    if (!byCode.has(code)) {
      throw new OpenDataError('invalid_input', `Table ${structure.tableId} has no variable "${code}".`, {
        hint: `Variables: ${[...byCode.keys()].join(', ')}.`,
      });
    }
  }
  const items: SelectionItem[] = [];
  let cells = 1;
  for (const variable of structure.variables) {
    // A place name in any gazetteer language stands for the one value it names, if the table has it.
    const wanted = filters[variable.code]?.map((code) =>
      variable.values.some((v) => v.code === code) ? code : (placeValueCode(variable.values, code) ?? code),
    );
    if (wanted) {
      const known = new Set(variable.values.map((v) => v.code));
      const unknown = wanted.filter((code) => !known.has(code));
      if (unknown.length > 0) {
        const sample = variable.values.slice(0, 10).map((v) => v.code);
        throw new OpenDataError(
          'invalid_input',
          `Variable ${variable.code} has no value ${unknown.map((u) => `"${u}"`).join(', ')}.`,
          {
            hint: `Use codes, not labels, e.g. ${sample.join(', ')}${variable.values.length > 10 ? ' …' : ''}; get_table_structure lists them.`,
          },
        );
      }
      const distinct = [...new Set(wanted)];
      items.push({ code: variable.code, values: distinct });
      cells *= distinct.length;
    } else if (!variable.elimination) {
      items.push({ code: variable.code, values: 'all' });
      cells *= variable.values.length;
    }
  }
  if (cells > maxCells) {
    throw new OpenDataError(
      'resource_too_large',
      `The selection has ${cells} cells; this server asks for at most ${maxCells} at once.`,
      {
        hint: 'Filter more variables (fewer regions or periods) and ask again.',
        details: { cells, max_cells: maxCells },
      },
    );
  }
  return { items, cells };
}
