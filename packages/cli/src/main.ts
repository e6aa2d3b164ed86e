import { defaultRegistry } from './default-registry.js';
import { runCli } from './run-cli.js';

/** Entry of the `opendata-mcp` binary: real registry, real fixtures, real process streams. */
export async function main(argv: string[]): Promise<void> {
  const code = await runCli(argv, {
    registry: defaultRegistry,
    // Fixtures load their recordings on import; only --offline and demo pay for that.
    fixtures: {
      lindas: async () => (await import('@opendata-mcp/fixtures')).startLindasFixture(),
      ckan: async () => (await import('@opendata-mcp/fixtures')).startCkanFixture(),
      sdmx: async () => (await import('@opendata-mcp/fixtures')).startSdmxFixture(),
    },
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stderrIsTTY: process.stderr.isTTY === true,
  });
  // `serve` keeps running on its open transport; every other command ends here.
  if (argv[0] !== 'serve' || code !== 0) {
    process.stdout.write('', () => process.exit(code));
  }
}
