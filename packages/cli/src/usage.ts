import type { Command } from './commands/command.js';

const COLUMN = 24;

/** The global usage: each command's summary, then the options every command shares. */
export function usageText(commands: readonly Command[]): string {
  const listed = commands.map(({ name, operands, summary }) => {
    const [first, ...more] = summary.split('\n');
    const head = `  ${operands ? `${name} ${operands}` : name}`.padEnd(COLUMN);
    return [`${head}${first}`, ...more.map((line) => `${' '.repeat(COLUMN)}${line}`)].join('\n');
  });
  return `Usage: opendata-mcp <command> [options]

Commands:
${listed.join('\n')}

Options:
  --config <file>       JSON configuration (schema: config.schema.json of @opendata-mcp/cli)
  --offline             start loopback fixture backends and point the adapters at them
  --transport <t>       stdio | http (serve only; default stdio)
  --host <host>         HTTP bind address (default 127.0.0.1)
  --port <port>         HTTP port (default 3000)
  --json                machine-readable output (tools: each tool as tools/list advertises it)
  --full                with tools --json: whole schemas (every bound and default, the envelope)
  -h, --help            this text; after a command, that command's own (opendata-mcp call --help)

Without --config the server talks to LINDAS only (the one backend that needs no URL); with --offline
every built-in backend (LINDAS, CKAN, SDMX) answers from recorded data on loopback. Images a call's
answer carries (a draw_chart PNG) are written to opendata-mcp-call/ in the temporary folder and
listed in the printed answer's image_files.

A result_id printed by one call works in the next call (query_results, draw_chart) for as long as
results are kept (1 hour by default): call keeps them in files of your own under the cache directory
(cache_dir), or in the configured store.

Exit codes: 0 success, 1 the tool answered with an error, 2 bad usage or configuration.`;
}
