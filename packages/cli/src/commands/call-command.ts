import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../config/config-error.js';
import { withRuntime } from '../with-runtime.js';
import { callTool } from './call-tool.js';
import type { Command } from './command.js';
import { createProgressLine } from './progress-line.js';

export const callCommand: Command = {
  name: 'call',
  operands: '<tool> [json]',
  summary: 'call one tool and print its JSON answer (exit 0 ok, 1 error)',
  help: `Usage: opendata-mcp call <tool> ['{"argument": "value"}'] [--config <file>] [--offline]

Calls one tool once and prints its JSON answer: ok true with the data, source, citation and, for a
table, a result_id; or ok false with error {code, message, hint, retryable}. The arguments are one
JSON object as the tool's input schema describes it (opendata-mcp tools --json lists them).
Exit code 0 when the tool answered, 1 when it answered with an error, 2 for bad usage.

A result_id works in the next call (query_results, draw_chart) for as long as results are kept
(1 hour by default); images an answer carries are written to opendata-mcp-call/ in the temporary
folder and listed in image_files.

Options:
  --config <file>       JSON configuration (default: LINDAS only)
  --offline             answer from the loopback fixture backends (recorded data only: a request
                        that was not recorded answers not_recorded_offline)

Examples:
  opendata-mcp call search_cubes '{"query": "waldbrand"}' --offline
  opendata-mcp call query_results '{"sql": "SELECT * FROM r", "results": {"r": "<result_id>"}}'`,
  async run({ operands: [tool, json], options }, deps) {
    if (!tool) throw new ConfigError('call needs a tool name: opendata-mcp call <tool> \'{"arg": 1}\'');
    const runtimeOptions = {
      configPath: options.config,
      offline: options.offline ?? false,
      quiet: true,
      resultsOnDisk: true,
    };
    return withRuntime(deps, runtimeOptions, async ({ server }) => {
      const progress = deps.stderrIsTTY ? createProgressLine(deps.stderr) : undefined;
      let envelope: Awaited<ReturnType<typeof callTool>>;
      try {
        envelope = await callTool(server, tool, json, {
          ...(progress ? { onProgress: progress.report } : {}),
          imageDir: join(tmpdir(), 'opendata-mcp-call'),
        });
      } finally {
        // Cleared before the answer, so the answer never lands after a half-drawn progress line.
        progress?.done();
      }
      deps.stdout(`${JSON.stringify(envelope, null, 2)}\n`);
      return envelope.ok ? 0 : 1;
    });
  },
};
