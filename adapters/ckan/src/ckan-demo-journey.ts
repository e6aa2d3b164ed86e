import type { DemoJourney, SuccessEnvelope } from '@opendata-mcp/core';

const KYIV_RESOURCE = 'fefc392b-d1ae-5706-939b-521da2cdd35f';

function firstDatasetId(previous: SuccessEnvelope[]): string {
  const datasets = previous[0]?.datasets as Array<{ id: string }> | undefined;
  return datasets?.[0]?.id ?? 'pzf-kyiv-city';
}

/** Protected areas of Kyiv by category: search, read the schema, count over the whole Windows-1251 file. */
export const ckanDemoJourney: DemoJourney = {
  title: 'Protected areas of Kyiv by category',
  adapterType: 'ckan',
  steps: [
    {
      tool: 'search_datasets',
      args: { query: 'природно-заповідного фонду Києва', limit: 3 },
      summarize: (e) => {
        const [hit] = (e.datasets as Array<{ title: string; organization: string | null }>) ?? [];
        return hit
          ? `found: ${hit.title} (${hit.organization ?? 'no publisher stated'})`
          : 'no dataset found';
      },
    },
    {
      tool: 'get_schema',
      args: (previous) => ({ dataset_id: firstDatasetId(previous) }),
      summarize: (e) =>
        [`${e.row_count} rows, columns: ${(e.columns as string[]).join(' | ')}`]
          .concat((e.notes as string[]).map((n) => `note: ${n}`))
          .join('\n'),
    },
    {
      tool: 'query_resource',
      args: (previous) => ({
        dataset_id: firstDatasetId(previous),
        resource_id: KYIV_RESOURCE,
        // Numbered rows are the areas; the unnumbered ones are section titles and subtotals.
        sql:
          'SELECT lower(trim("Категорія")) AS category, count(*) AS areas, round(sum("Площа, га"), 2) AS hectares ' +
          `FROM data WHERE regexp_matches("№ з.п.", '^[0-9]') GROUP BY 1 ORDER BY areas DESC, category`,
        limit: 10,
      }),
      summarize: (e) =>
        (e.rows as Array<[string, number, number | null]>)
          .map(
            ([category, areas, hectares]) =>
              `${category}: ${areas} areas, ${hectares ?? 'no area stated'} ha`,
          )
          .join('\n'),
    },
  ],
};
