import type { PreparedChart } from './prepare-chart.js';

/** True when a title already names the unit, so saying it again would only repeat it. */
export function namesUnit(title: string, unit: string): boolean {
  return title.toLowerCase().includes(unit.toLowerCase());
}

/** A title with the unit after it, unless the caller's title already names it. */
function withUnit(title: string, unit: string | undefined): string {
  return unit === undefined || namesUnit(title, unit) ? title : `${title} (${unit})`;
}

/**
 * The titles of the axes: the caller's, else the column names, each followed by the unit its
 * column was kept with, so a reader of the picture sees what the numbers measure.
 */
export function axisTitles(chart: PreparedChart): { x: string; y: string } {
  const { spec, units } = chart;
  return {
    x: withUnit(spec.x_title ?? spec.x, units?.x),
    y: withUnit(spec.y_title ?? spec.y, units?.y),
  };
}
