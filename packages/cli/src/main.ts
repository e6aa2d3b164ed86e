import { defaultRegistry } from './default-registry.js';
import { onPreferredPort, PREFERRED_FIXTURE_PORTS } from './preferred-port.js';
import { runCli } from './run-cli.js';

/** Entry of the `opendata-mcp` binary: real registry, real fixtures, real process streams. */
export async function main(argv: string[]): Promise<void> {
  const code = await runCli(argv, {
    registry: defaultRegistry,
    // Fixtures load their recordings on import; only --offline and demo pay for that.
    fixtures: {
      lindas: async () =>
        onPreferredPort(
          (await import('@opendata-mcp/fixtures')).startLindasFixture,
          PREFERRED_FIXTURE_PORTS.lindas,
        ),
      ckan: async () =>
        onPreferredPort(
          (await import('@opendata-mcp/fixtures')).startCkanFixture,
          PREFERRED_FIXTURE_PORTS.ckan,
        ),
      sdmx: async () =>
        onPreferredPort(
          (await import('@opendata-mcp/fixtures')).startSdmxFixture,
          PREFERRED_FIXTURE_PORTS.sdmx,
        ),
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
