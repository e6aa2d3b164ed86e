import { toolDefinitionJson } from '@opendata-mcp/core/server';
import { withRuntime } from '../with-runtime.js';
import type { Command, ExitCode } from './command.js';

export const toolsCommand: Command = {
  name: 'tools',
  summary: `list the tools of the configured server (without --config: of every
built-in backend, as --offline serves them)`,
  help: `Usage: opendata-mcp tools [--config <file>] [--offline] [--json [--full]]

Lists the tools the server offers: one line each, or with --json as an MCP client sees them
(name, title, description, input schema); --full adds every bound, default and the answer envelope.
Without --config: the tools of every built-in backend, as --offline serves them.

Example: opendata-mcp tools --json`,
  async run({ options }, deps) {
    // Without a configuration, the catalogue of every built-in backend (as --offline serves
    // them), not just the one backend the default server talks to.
    const offline = options.offline ?? options.config === undefined;
    return withRuntime<ExitCode>(
      deps,
      { configPath: options.config, offline, quiet: true },
      async ({ server }) => {
        if (!options.json) {
          for (const t of server.tools) deps.stdout(`${t.name.padEnd(32)} ${t.title} [${t.adapterId}]\n`);
          return 0;
        }
        const lean = options.full !== true;
        const definitions = server.tools.map((t) =>
          toolDefinitionJson(t.name, t.adapterId, t.definition, { lean }),
        );
        // As an MCP client lists them: one compact line per tool. --full: whole schemas, indented.
        deps.stdout(
          lean
            ? `[\n${definitions.map((d) => JSON.stringify(d)).join(',\n')}\n]\n`
            : `${JSON.stringify(definitions, null, 2)}\n`,
        );
        return 0;
      },
    );
  },
};
