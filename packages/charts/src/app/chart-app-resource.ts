import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import type { ResourceDefinition } from '@opendata-mcp/core';
import { loadRenderer } from '../load-renderer.js';

/** The address of the interactive chart page, named by draw_chart's `_meta.ui.resourceUri`. */
export const CHART_APP_URI = 'ui://opendata-mcp/chart.html';

/**
 * The MCP Apps page as a resource: a host that supports the extension fetches it, shows it in a
 * sandboxed frame and hands it the draw_chart answer, which it draws with tooltips. The page loads
 * nothing from the network, so it declares no outside domain.
 */
export const chartAppResource: ResourceDefinition = {
  name: 'chart_app',
  uri: CHART_APP_URI,
  title: 'Interactive chart',
  description: 'An MCP Apps page that draws a draw_chart answer (its Vega-Lite spec) with tooltips, offline.',
  mimeType: RESOURCE_MIME_TYPE,
  async read(uri) {
    const { chartAppPage } = await loadRenderer();
    return {
      contents: [
        {
          uri: uri.href,
          mimeType: RESOURCE_MIME_TYPE,
          text: await chartAppPage(),
          _meta: { ui: { prefersBorder: true } },
        },
      ],
    };
  },
};
