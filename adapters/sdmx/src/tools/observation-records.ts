import type { RecordCell } from '@opendata-mcp/core';
import type { CodedValue, Observation } from '../messages/observation.js';

// A decimal as SDMX-CSV writes one; anything else (codes, flags) stays text.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Observations as flat records for the columnar answer: dimension codes with their labels, the time
 * period, the value as a number, attributes (a numeric attribute without a label, such as a
 * confidence bound, as a number). The published text of a value is kept only where it says more
 * than the number does (trailing zeros), so the column is left out when no row needs it.
 */
export function observationRecords(observations: Observation[]): {
  records: Array<Record<string, RecordCell>>;
  columns: string[];
} {
  const dimensionIds = new Set<string>();
  const attributeIds = new Set<string>();
  let lexicalNeeded = false;
  const records = observations.map((o) => {
    const record: Record<string, RecordCell> = {};
    for (const [id, cell] of Object.entries(o.dimensions)) {
      dimensionIds.add(id);
      record[id] = cell;
    }
    record.time_period = o.time_period;
    record.value = o.value;
    record.obs_value = o.obs_value;
    if (o.obs_value !== null && (o.value === null || String(o.value) !== o.obs_value)) lexicalNeeded = true;
    for (const [id, cell] of Object.entries(o.attributes)) {
      attributeIds.add(id);
      record[id] = attributeCell(cell);
    }
    return record;
  });
  const columns = [
    ...dimensionIds,
    'time_period',
    'value',
    ...(lexicalNeeded ? ['obs_value'] : []),
    ...attributeIds,
  ];
  return { records, columns };
}

function attributeCell(cell: CodedValue): RecordCell {
  return cell.label === null && DECIMAL.test(cell.code) ? Number(cell.code) : cell;
}
