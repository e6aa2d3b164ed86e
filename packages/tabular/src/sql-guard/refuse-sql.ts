import { OpenDataError } from '@opendata-mcp/core/errors';

const DEFAULT_HINT =
  'Write one read-only SELECT over the table `data` (CTEs, joins of `data` with itself, UNION and window functions are fine).';

/** Every guard refusal goes through here so the code and the hint style stay uniform. */
export function refuseSql(message: string, hint: string = DEFAULT_HINT): never {
  throw new OpenDataError('unsafe_sql', message, { hint });
}
