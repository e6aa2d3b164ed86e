import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preparePrivateDirectory } from '@opendata-mcp/core/server';
import type { Runtime } from '../build-runtime.js';
import { resultsAndChartJourney } from '../server-journeys.js';
import { withRuntime } from '../with-runtime.js';
import type { Command } from './command.js';
import { runDemo } from './run-demo.js';

export const demoCommand: Command = {
  name: 'demo',
  summary: `run the offline demo journeys against the embedded fixture backends;
charts they draw are written to opendata-mcp-demo/ in the temporary folder`,
  help: `Usage: opendata-mcp demo [--config <file>]

Plays the worked questions of each configured backend against the embedded fixture backends
(always offline) and prints each step; charts they draw are written to opendata-mcp-demo/ in the
temporary folder. Exit code 0 when every journey answered.`,
  async run({ options }, deps) {
    return withRuntime(deps, { configPath: options.config, offline: true, quiet: true }, async (runtime) => {
      const pictures = join(tmpdir(), 'opendata-mcp-demo');
      const outcomes = await runDemo(
        runtime.server,
        journeysOf(runtime),
        (line) => deps.stdout(`${line}\n`),
        async (name, png) => {
          // A guessable name in the shared temporary folder: only a folder of this user's own is written to.
          await preparePrivateDirectory(pictures, { label: 'picture directory' });
          await writeFile(join(pictures, name), png);
          return join(pictures, name);
        },
      );
      const failed = outcomes.filter((o) => !o.ok).length;
      deps.stdout(`\n${outcomes.length - failed}/${outcomes.length} demo journeys answered.\n`);
      return failed === 0 && outcomes.length > 0 ? 0 : 1;
    });
  },
};

/** The demo journey of each configured backend, then the question across answers. */
function journeysOf({ config, registry }: Runtime) {
  const journeys = config.adapters.flatMap((entry) => {
    const journey = registry.get(entry.type)?.demo;
    return journey ? [{ journey, ...(entry.tool_prefix ? { toolPrefix: entry.tool_prefix } : {}) }] : [];
  });
  // Played when query_results is served and its backend runs unprefixed.
  if (
    config.results?.enabled !== false &&
    config.adapters.some((e) => e.type === resultsAndChartJourney.adapterType && !e.tool_prefix)
  ) {
    journeys.push({ journey: resultsAndChartJourney });
  }
  return journeys;
}
