import {
  type Adapter,
  defineTool,
  instanceIdParam,
  limitParam,
  NextOffsetSchema,
  networkOptionsShape,
  networkPolicyOf,
  nextOffset,
  OpenDataError,
  offsetParam,
  READ_ONLY_OPEN_WORLD,
} from '@opendata-mcp/core';
import { z } from 'zod';

// The endpoint serves one licence and date for the file, then the records.
const Row = z.object({ canton: z.string(), year: z.number(), population: z.number() });
const Text = z.string().nullable();
const Document = z.object({ license: Text, modified: Text, records: z.array(Row) });
const CantonCode = z.string().regex(/^[A-Z]{2}$/);

/** The publisher's file, checked: JSON of another shape is the backend failing, not a bug here. */
function readDocument(body: unknown): z.infer<typeof Document> {
  const checked = Document.safeParse(body);
  if (checked.success) return checked.data;
  throw new OpenDataError('upstream_error', 'The population file is not in the shape it is read in.', {
    hint: 'The publisher may have changed its format; check api_status.',
  });
}
// Options in the config-file style every adapter shares; `trusted_hosts` and `allowed_hosts` come from core.
export const PopulationOptionsSchema = z.strictObject({
  id: instanceIdParam('population'),
  url: z.url().describe('Base URL; `<url>/population.json` is read.'),
  ...networkOptionsShape,
});
/** One tool: the population of a canton, straight from the publisher's file. */
export function createPopulationAdapter(input: z.input<typeof PopulationOptionsSchema>): Adapter {
  const options = PopulationOptionsSchema.parse(input);
  const documentUrl = `${options.url.replace(/\/$/, '')}/population.json`;
  const getPopulation = defineTool({
    name: 'get_population',
    title: 'Population of a canton',
    description:
      'Returns the resident population of one Swiss canton for each year the publisher lists, newest first. ' +
      'Use the two-letter canton code (ZH, BE, …). An unknown code answers not_found.',
    input: z.strictObject({
      canton: CantonCode.describe('Two-letter canton code, e.g. "ZH".'),
      limit: limitParam('Most recent years', 50, 10), // limit and offset as every adapter says them
      offset: offsetParam('Years'),
    }),
    output: z.object({
      rows: z.array(z.object({ year: z.number(), population: z.number() })).describe('Newest year first.'),
      returned: z.number().describe('Years in rows.'),
      truncated: z.boolean().describe('True when the publisher lists more years than returned.'),
      total_matched: z.number().describe('Years the publisher lists for this canton.'),
      next_offset: NextOffsetSchema,
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    async execute({ canton, limit, offset }, ctx) {
      const response = await ctx.http.fetch({ url: documentUrl, signal: ctx.signal, cacheTtlMs: 60_000 });
      const document = readDocument(response.json());
      const matches = document.records.filter((r) => r.canton === canton).sort((a, b) => b.year - a.year);
      if (matches.length === 0) {
        const hint = 'Use a two-letter code such as ZH, BE or GE.';
        throw new OpenDataError('not_found', `No canton "${canton}" in the population file.`, { hint });
      }
      const rows = matches
        .slice(offset, offset + limit)
        .map(({ year, population }) => ({ year, population }));
      const truncated = offset + rows.length < matches.length;
      return {
        data: {
          rows,
          returned: rows.length,
          truncated,
          total_matched: matches.length,
          next_offset: nextOffset(offset, rows.length, truncated),
        },
        source: {
          backend: 'example',
          adapter_id: options.id,
          endpoint: options.url,
          identifiers: { dataset: 'population', canton },
          title: 'Resident population by canton',
          publisher: null, // the file does not name its publisher
          url: documentUrl,
          query: { language: 'url', text: documentUrl },
          access_method: 'download',
          retrieved_at: response.fetchedAt.toISOString(),
          metadata_retrieved_at: null,
          source_modified_at: document.modified,
          license: document.license ? { id: document.license, title: null, url: null } : null,
          cache: { hit: response.fromCache, revalidated: false, first_fetched_at: null },
        },
      };
    },
  });
  return {
    specificationVersion: 1,
    id: options.id,
    backend: 'example',
    title: 'Population by canton (example)',
    endpoint: options.url,
    instructions: 'Call get_population with a canton code to read its population by year.',
    tools: [getPopulation],
    network: networkPolicyOf(options),
    // Without a probe api_status reports the backend unreachable; one cheap read proves it answers.
    async health(ctx) {
      const response = await ctx.http.fetch({ url: documentUrl, signal: ctx.signal });
      const records = readDocument(response.json()).records.length;
      return { reachable: true, count: { label: 'population records', value: records } };
    },
  };
}
