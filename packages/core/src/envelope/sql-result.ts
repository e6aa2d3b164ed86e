import { z } from 'zod';

/**
 * The output fields of a tool that answers with the rows of an SQL query: columns with the engine's
 * type names, rows as arrays. Unlike `ColumnarTableShape`, nothing is folded out of the rows, since
 * the query chose the columns.
 */
export const SqlResultShape = {
  columns: z
    .array(z.object({ name: z.string(), type: z.string() }))
    .describe('The result columns with DuckDB types, in the order of every row.'),
  rows: z
    .array(z.array(z.unknown()))
    .describe(
      'One array per row, values in the order of columns (numbers as numbers; dates, and decimals too long for a double, as text).',
    ),
};
