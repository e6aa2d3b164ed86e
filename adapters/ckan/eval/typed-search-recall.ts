import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { startCkanFixture } from '@opendata-mcp/fixtures';
import { createCkanAdapter } from '../src/index.js';

/** Questions typed as people type them, and the fixture dataset each one is after. */
export const TYPED_QUESTIONS: ReadonlyArray<readonly [question: string, dataset: string]> = [
  ['Schüler Städte Schweiz', 'schueler-staedte-schweiz'],
  ['Bus-Haltestellen Sunderland', 'sunderland-bus-stops'],
  ['payments: newcastle', 'newcastle-city-council-payments-over-500'],
  ['school pupils swiss cities', 'schueler-staedte-schweiz'],
  ['doctors by region and sex', 'aerzte-schwerpunktbezeichnung'],
  ['Budget provinces 2011', 'begrotingsanalyse-2011'],
  ['bus stop locations in sunderland', 'sunderland-bus-stops'],
  ['Kiev protected areas', 'pzf-kyiv-city'],
  [
    'Newcastle council spending over 500 pounds in October 2011 by supplier',
    'newcastle-city-council-payments-over-500',
  ],
  ['realtime GO trains', 'go-transit-realtime'],
  ['unclaimed money by postcode', 'unclaimed-money-sample'],
  ['Ärzte Schwerpunkt', 'aerzte-schwerpunktbezeichnung'],
];

export interface RecallRow {
  question: string;
  /** The question passed to package_search as typed (what the adapter sent before): found in the top 5. */
  asTyped: boolean;
  /** search_datasets: found in the top 5. */
  tool: boolean;
  /** package_search and organization_list requests of the tool call. */
  requests: number;
}

/** Top-5 recall of the typed questions, as typed against the portal and through search_datasets. */
export async function measureTypedRecall(): Promise<RecallRow[]> {
  const fixture = await startCkanFixture();
  const server = createOpenDataServer({
    adapters: [createCkanAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
    logger: silentLogger,
    http: { cacheDir: mkdtempSync(join(tmpdir(), 'ckan-recall-')), retry: { retries: 0 } },
  });
  await server.callTool('api_status', {});
  const rows: RecallRow[] = [];
  for (const [question, dataset] of TYPED_QUESTIONS) {
    const url = `${fixture.url}/api/3/action/package_search?rows=5&q=${encodeURIComponent(question)}`;
    const raw = (await (await fetch(url)).json()) as { result?: { results?: Array<{ name: string }> } };
    const asTyped = (raw.result?.results ?? []).some((p) => p.name === dataset);
    const before = fixture.requests.length;
    const answer = await server.callTool('search_datasets', { query: question, limit: 5 });
    const names = answer.ok ? (answer.datasets as Array<{ name: string }>).map((d) => d.name) : [];
    rows.push({
      question,
      asTyped,
      tool: names.includes(dataset),
      requests: fixture.requests.length - before,
    });
  }
  await server.close();
  await fixture.close();
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await measureTypedRecall();
  for (const r of rows)
    console.log(
      `${r.asTyped ? 'hit ' : 'miss'} -> ${r.tool ? 'hit ' : 'miss'}  requests=${r.requests}  ${r.question}`,
    );
  const count = (pick: (r: RecallRow) => boolean) => rows.filter(pick).length;
  console.log(
    `top-5 recall: as typed ${count((r) => r.asTyped)}/${rows.length}, search_datasets ${count((r) => r.tool)}/${rows.length}`,
  );
}
