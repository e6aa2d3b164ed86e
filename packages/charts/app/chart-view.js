// The page a host that speaks MCP Apps shows beside a draw_chart answer. It receives the answer from the
// host and draws its Vega-Lite spec, with tooltips. Bundled into one HTML file by the server, so it
// needs no network; expressions run through Vega's interpreter, so it needs no eval under a strict CSP.
import { App } from '@modelcontextprotocol/ext-apps/app-with-deps';
import embed from 'vega-embed';
import { expressionInterpreter } from 'vega-interpreter';

const chart = document.getElementById('chart');
const status = document.getElementById('status');

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value) {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

// vega-tooltip's own formatter draws a field named "title" as a heading and one named "image" as
// <img src>, so a column or axis title named so would make the page load a URL from the data on
// hover. Every field is drawn here as an escaped table row, whatever its name.
function tooltipTable(value) {
  const entries =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value)
      : [['', value]];
  const rows = entries
    .filter(([, cell]) => cell !== undefined)
    .map(
      ([key, cell]) =>
        `<tr><td class="key">${escapeHtml(key)}</td><td class="value">${escapeHtml(cell)}</td></tr>`,
    );
  return `<table>${rows.join('')}</table>`;
}

async function draw(result) {
  const answer = result?.structuredContent;
  if (answer?.ok !== true || !answer.vega_lite) {
    status.textContent = answer?.error?.message ?? 'This answer holds no chart.';
    return;
  }
  await embed(chart, answer.vega_lite, {
    actions: false,
    renderer: 'svg',
    ast: true,
    expr: expressionInterpreter,
    tooltip: { formatTooltip: tooltipTable },
  });
  chart.setAttribute('aria-label', answer.alt_text ?? '');
  status.textContent = '';
  document.body.dataset.drawn = 'true';
}

const app = new App({ name: 'opendata-mcp chart', version: '0.1.0' });
app.ontoolresult = (result) => {
  draw(result).catch((error) => {
    status.textContent = `The chart could not be drawn: ${error.message}`;
  });
};
app.connect().catch((error) => {
  status.textContent = `No host to talk to: ${error.message}`;
});
