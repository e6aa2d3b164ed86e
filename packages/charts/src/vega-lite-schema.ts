/** The Vega-Lite schema every chart spec names, so a reader can validate it. */
export const VEGA_LITE_SCHEMA_URL = 'https://vega.github.io/schema/vega-lite/v6.json';
