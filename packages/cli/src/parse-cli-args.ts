import { parseArgs } from 'node:util';

/** Every option the command line knows, parsed once for all commands. */
const OPTIONS = {
  config: { type: 'string' },
  offline: { type: 'boolean' },
  transport: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  json: { type: 'boolean' },
  full: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parse(argv: string[]) {
  return parseArgs({ args: argv, allowPositionals: true, strict: true, options: OPTIONS });
}

export type CliOptions = ReturnType<typeof parse>['values'];

/** Splits the command line; an unknown option or a missing value throws with node's own message. */
export function parseCliArgs(argv: string[]): { command?: string; operands: string[]; options: CliOptions } {
  const { values, positionals } = parse(argv);
  const [command, ...operands] = positionals;
  return { ...(command === undefined ? {} : { command }), operands, options: values };
}
