import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { parseDataMessage } from './parse-data-message.js';

// SYNTHETIC messages, large enough to take many turns of the event loop: one dimension with
// SERIES values, PERIODS periods each, in the three families of formats.
const SERIES = 500;
const PERIODS = 120;
const periods = Array.from({ length: PERIODS }, (_, p) => String(1900 + p));
const codes = Array.from({ length: SERIES }, (_, s) => `C${s}`);

function json(): string {
  const observations: Record<string, [number]> = {};
  codes.forEach((_, s) => {
    periods.forEach((_, p) => {
      observations[`${s}:${p}`] = [s + p / 10];
    });
  });
  return JSON.stringify({
    structure: {
      dimensions: {
        observation: [
          { id: 'REF_AREA', keyPosition: 0, values: codes.map((id) => ({ id })) },
          { id: 'TIME_PERIOD', keyPosition: 1, values: periods.map((id) => ({ id })) },
        ],
      },
    },
    dataSets: [{ action: 'Information', observations }],
  });
}

function csv(): string {
  const rows = codes.flatMap((c, s) => periods.map((t, p) => `DF,${c},${t},${s + p / 10}`));
  return `DATAFLOW,REF_AREA,TIME_PERIOD,OBS_VALUE\n${rows.join('\n')}\n`;
}

function xml(): string {
  const obs = codes.flatMap((c, s) =>
    periods.map((t, p) => `<Obs REF_AREA="${c}" TIME_PERIOD="${t}" OBS_VALUE="${s + p / 10}"/>`),
  );
  return `<?xml version="1.0"?><message:StructureSpecificData xmlns:message="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message"><message:Header><message:ID>SYNTHETIC</message:ID></message:Header><message:DataSet>${obs.join('')}</message:DataSet></message:StructureSpecificData>`;
}

const MESSAGES = [
  ['SDMX-JSON', json(), 'application/json'],
  ['SDMX-CSV', csv(), 'text/csv'],
  ['SDMX-ML', xml(), 'application/xml'],
] as const;

describe('a large data message parses in turns of the event loop, and stops when its call does', () => {
  for (const [format, body, type] of MESSAGES) {
    it(`${format}: other work runs while it parses, and every observation is read`, async () => {
      const order: string[] = [];
      const parsing = parseDataMessage(body, type, null, 'en').then((parsed) => {
        order.push('parsed');
        return parsed;
      });
      void nextTurn().then(() => order.push('other work'));
      const parsed = await parsing;
      expect(order).toEqual(['other work', 'parsed']);
      expect(parsed.observations).toHaveLength(SERIES * PERIODS);
      expect(parsed.observations.at(-1)).toMatchObject({
        series_key: `C${SERIES - 1}`,
        time_period: periods.at(-1),
        value: SERIES - 1 + (PERIODS - 1) / 10,
      });
    });

    it(`${format}: an abort between turns stops the parse with the call's reason`, async () => {
      const controller = new AbortController();
      const reason = new Error('the call was cancelled');
      // The parse is waiting for its first turn here: the abort lands between two slices.
      const parsing = parseDataMessage(body, type, null, 'en', controller.signal);
      controller.abort(reason);
      await expect(parsing).rejects.toBe(reason);
    });
  }
});
