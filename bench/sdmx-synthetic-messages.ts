// Synthetic messages for `pnpm bench sdmx` and the liveness check, built in memory from recordings:
// large data messages in every format from the 1,000 recorded BIS observations (replicated over more
// periods), and a large structure message from the recorded UNICEF code lists (copied under new ids).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SDMX_FIXTURE_DATA_DIR } from '../packages/fixtures/src/index.js';

const REPLICAS = 20;
const read = (file: string) => readFileSync(join(SDMX_FIXTURE_DATA_DIR, file), 'utf8');

interface Row {
  cells: Record<string, string>;
}

function bisRows(): { header: string[]; rows: Row[] } {
  const [head = '', ...lines] = read('bis/data_sdmxcsv1.csv').trim().split('\n');
  const header = head.split(',');
  // The recording has no quoted cells, so a split is exact here.
  const rows = lines.map((line) => {
    const values = line.split(',');
    return { cells: Object.fromEntries(header.map((h, i) => [h, values[i] ?? ''])) };
  });
  return { header, rows };
}

/** The recorded rows, each repeated for REPLICAS shifted years (SYNTHETIC). */
function replicated(): { header: string[]; rows: Row[] } {
  const { header, rows } = bisRows();
  const out: Row[] = [];
  for (let k = 0; k < REPLICAS; k++) {
    for (const row of rows) {
      const year = Number(row.cells.TIME_PERIOD?.slice(0, 4) ?? 2000) + 100 * (k + 1);
      out.push({ cells: { ...row.cells, TIME_PERIOD: `${year}${row.cells.TIME_PERIOD?.slice(4) ?? ''}` } });
    }
  }
  return { header, rows: out };
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function syntheticMessages(): Record<string, { body: string; type: string }> {
  const { header, rows } = replicated();
  const components = header.filter((h) => h !== 'DATAFLOW');
  const csv = `${header.join(',')}\n${rows.map((r) => header.map((h) => r.cells[h]).join(',')).join('\n')}\n`;
  const ssObs = rows
    .map(
      (r) =>
        `<Obs ${components
          .filter((c) => r.cells[c] !== '')
          .map((c) => `${c}="${escapeXml(r.cells[c] ?? '')}"`)
          .join(' ')}/>`,
    )
    .join('\n');
  const ml = (root: string, body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><message:${root} xmlns:message="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message" xmlns:generic="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/generic"><message:Header><message:ID>SYNTHETIC</message:ID></message:Header><message:DataSet>\n${body}\n</message:DataSet></message:${root}>`;
  const dims = components.filter(
    (c) => c !== 'OBS_VALUE' && !['AVAILABILITY', 'COLLECTION', 'OBS_STATUS', 'OBS_CONF'].includes(c),
  );
  const attrs = ['AVAILABILITY', 'COLLECTION', 'OBS_STATUS', 'OBS_CONF'];
  const genericObs = rows
    .map(
      (r) =>
        `<generic:Obs><generic:ObsKey>${dims.map((d) => `<generic:Value id="${d}" value="${escapeXml(r.cells[d] ?? '')}"/>`).join('')}</generic:ObsKey>` +
        `<generic:ObsValue value="${r.cells.OBS_VALUE === '' ? 'NaN' : r.cells.OBS_VALUE}"/>` +
        `<generic:Attributes>${attrs.map((a) => `<generic:Value id="${a}" value="${escapeXml(r.cells[a] ?? '')}"/>`).join('')}</generic:Attributes></generic:Obs>`,
    )
    .join('\n');
  // SDMX-JSON 1.0, flat: every dimension at observation level, values by index.
  const valueIndex = (ids: string[]) =>
    ids.map(
      (id) => new Map<string, number>([...new Set(rows.map((r) => r.cells[id] ?? ''))].map((v, i) => [v, i])),
    );
  const dimIndex = valueIndex(dims);
  const attrIndex = valueIndex(attrs);
  const observations: Record<string, unknown[]> = {};
  for (const r of rows) {
    const key = dims.map((d, i) => dimIndex[i]?.get(r.cells[d] ?? '')).join(':');
    const value = r.cells.OBS_VALUE === '' ? null : Number(r.cells.OBS_VALUE);
    observations[key] = [value, ...attrs.map((a, i) => attrIndex[i]?.get(r.cells[a] ?? '') ?? null)];
  }
  const json = JSON.stringify({
    header: { id: 'SYNTHETIC' },
    structure: {
      dimensions: {
        observation: dims.map((d, i) => ({
          id: d,
          keyPosition: i,
          values: [...(dimIndex[i]?.keys() ?? [])].map((id) => ({ id })),
        })),
      },
      attributes: {
        observation: attrs.map((a, i) => ({
          id: a,
          values: [...(attrIndex[i]?.keys() ?? [])].map((id) => ({ id })),
        })),
      },
    },
    dataSets: [{ action: 'Information', observations }],
  });
  return {
    'synthetic-sdmx-ml-structure-specific': {
      body: ml('StructureSpecificData', ssObs),
      type: 'application/xml',
    },
    'synthetic-sdmx-ml-generic': { body: ml('GenericData', genericObs), type: 'application/xml' },
    'synthetic-sdmx-json-1.0': { body: json, type: 'application/json' },
    'synthetic-sdmx-csv-1.0': { body: csv, type: 'text/csv' },
  };
}

/**
 * A SYNTHETIC SDMX-ML 2.1 structure message of at least `bytes` characters: the code lists of the
 * recorded UNICEF CME structure, copied again and again under new ids (`SYN<n>_CL_…`).
 */
export function syntheticStructureMessage(bytes: number): string {
  const source = read('unicef/dataflow_CME_references_all.xml');
  const lists = [...source.matchAll(/<str:Codelist [\s\S]*?<\/str:Codelist>/g)].map((m) => m[0]);
  const open = source.slice(0, source.indexOf('<mes:Header>'));
  const parts = [
    open,
    '<mes:Header><mes:ID>SYNTHETIC</mes:ID><mes:Prepared>2026-01-01T00:00:00Z</mes:Prepared></mes:Header>',
    '<mes:Structures><str:Codelists>',
  ];
  let size = parts.join('').length;
  for (let copy = 0; size < bytes; copy++) {
    for (const list of lists) {
      const renamed = list.replace(/^<str:Codelist ([^>]*?)\bid="/, `<str:Codelist $1id="SYN${copy}_`);
      parts.push(renamed);
      size += renamed.length;
    }
  }
  parts.push('</str:Codelists></mes:Structures></mes:Structure>');
  return parts.join('');
}
