import type { CliDeps } from './cli-deps.js';
import { callCommand } from './commands/call-command.js';
import type { Command, ExitCode } from './commands/command.js';
import { demoCommand } from './commands/demo-command.js';
import { serveCommand } from './commands/serve-command.js';
import { toolsCommand } from './commands/tools-command.js';
import { ConfigError } from './config/config-error.js';
import { parseCliArgs } from './parse-cli-args.js';
import { usageText } from './usage.js';

const COMMANDS: readonly Command[] = [serveCommand, toolsCommand, callCommand, demoCommand];

export const USAGE = usageText(COMMANDS);

/** The whole CLI as a function of its arguments and injected effects; returns the exit code. */
export async function runCli(argv: string[], deps: CliDeps): Promise<ExitCode> {
  let parsed: ReturnType<typeof parseCliArgs>;
  try {
    parsed = parseCliArgs(argv);
  } catch (error) {
    deps.stderr(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { command: name, operands, options } = parsed;
  const command = COMMANDS.find((c) => c.name === name);
  if (options.help || !name) {
    (options.help ? deps.stdout : deps.stderr)(`${command?.help ?? USAGE}\n`);
    return options.help ? 0 : 2;
  }
  try {
    if (!command) throw new ConfigError(`Unknown command "${name}".\n\n${USAGE}`);
    return await command.run({ operands, options }, deps);
  } catch (error) {
    if (error instanceof ConfigError) {
      deps.stderr(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
