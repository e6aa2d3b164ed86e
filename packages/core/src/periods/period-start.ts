/**
 * Periods as statistical portals write them, each read as the date it starts on, so that "2020",
 * "2020-Q1", "2020-01" and "2020-W05" compare and sort as dates. PxWeb's own forms ("2020M01",
 * "2020K1") are read too, and so are the time IRIs of linked data ("…/time/year/2020",
 * "…/time/month/2020-01", "…/time/day/2020-01-31").
 */
const FORMS: Array<[RegExp, (m: RegExpExecArray) => string | null]> = [
  [/^(\d{4})$/, (m) => iso(Number(m[1]), 1, 1)],
  [/^(\d{4})-?[QK]([1-4])$/, (m) => iso(Number(m[1]), (Number(m[2]) - 1) * 3 + 1, 1)],
  [/^(\d{4})-?[SH]([12])$/, (m) => iso(Number(m[1]), Number(m[2]) === 1 ? 1 : 7, 1)],
  [/^(\d{4})(?:-|M)(0[1-9]|1[0-2])$/, (m) => iso(Number(m[1]), Number(m[2]), 1)],
  [/^(\d{4})-?W(0[1-9]|[1-4]\d|5[0-3])$/, (m) => isoWeekStart(Number(m[1]), Number(m[2]))],
  [/^(\d{4})-(\d{2})-(\d{2})$/, (m) => iso(Number(m[1]), Number(m[2]), Number(m[3]))],
];

const TIME_IRI = /^https?:\/\/\S+\/time\/(?:year|month|day)\/([0-9-]{4,10})$/;

function iso(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/** The Monday of ISO week `week`: week 1 is the week holding January 4th. */
function isoWeekStart(year: number, week: number): string | null {
  const january4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(january4);
  monday.setUTCDate(january4.getUTCDate() - ((january4.getUTCDay() + 6) % 7) + (week - 1) * 7);
  // Week 53 exists only in long years: its Monday must still fall in the ISO year.
  if (week === 53 && isoWeekStart(year + 1, 1) === monday.toISOString().slice(0, 10)) return null;
  return monday.toISOString().slice(0, 10);
}

/** The first day of a period as `YYYY-MM-DD`, or null when the text is not a period. */
export function periodStart(text: string): string | null {
  const period = TIME_IRI.exec(text)?.[1] ?? text;
  for (const [pattern, start] of FORMS) {
    const match = pattern.exec(period);
    if (match) return start(match);
  }
  return null;
}

// Codes of four digits (a municipality, a region) look like years; only a name that speaks of time says they are.
const TIME_NAME =
  /time|period|date|year|month|quarter|week|jahr|datum|zeit|monat|stichtag|tid|år|vuosi|aika|kuukausi|annee|année|anno|periode|periodo/i;

/**
 * True when a text column holds periods: every value reads as one, and either the column's name
 * speaks of time or some value has a form a code would not have (a quarter, a month, a week).
 */
export function isPeriodColumn(name: string, values: ReadonlyArray<unknown>): boolean {
  let seen = 0;
  let yearsOnly = true;
  for (const value of values) {
    if (value === null) continue;
    if (typeof value !== 'string' || periodStart(value) === null) return false;
    seen++;
    if (!/^\d{4}$/.test(value)) yearsOnly = false;
  }
  return seen > 0 && (!yearsOnly || TIME_NAME.test(name));
}
