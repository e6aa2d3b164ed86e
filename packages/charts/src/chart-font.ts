import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The one family every text of a chart is set in, so the picture does not depend on installed fonts. */
export const CHART_FONT_FAMILY = 'DejaVu Sans';

/** The font files the renderer loads instead of the system's (DejaVu, a free licence; see the README). */
export function chartFontFiles(): string[] {
  return [
    require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  ];
}
