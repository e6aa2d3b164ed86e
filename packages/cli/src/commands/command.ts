import type { CliDeps } from '../cli-deps.js';
import type { CliOptions } from '../parse-cli-args.js';

/** 0 success, 1 the tool answered with an error, 2 bad usage or configuration. */
export type ExitCode = 0 | 1 | 2;

/** A command's share of the command line: the words after its name, and the options. */
export interface CommandArgs {
  /** `call`: the tool and its JSON arguments; empty for the other commands. */
  operands: string[];
  options: CliOptions;
}

/** One `opendata-mcp <name>` command: what the global usage lists, its own help, and what it does. */
export interface Command {
  name: string;
  /** What follows the name in the global usage (`<tool> [json]`), when the command takes operands. */
  operands?: string;
  /** The command's lines under "Commands:" in the global usage, its name excluded. */
  summary: string;
  /** What `opendata-mcp <name> --help` prints. */
  help: string;
  run(args: CommandArgs, deps: CliDeps): Promise<ExitCode>;
}
