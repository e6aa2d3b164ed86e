import { defaultRegistry } from './default-registry.js';
import { onPreferredPort, PREFERRED_FIXTURE_PORTS } from './preferred-port.js';
import { runCli } from './run-cli.js';

/**
 * Entry of the `opendata-mcp` binary: real registry, real fixtures, real process streams; `serve`
 * starts its transport on this process's stdio and stops on its signals (the default `serve` effects).
 */
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
  // Every command, `serve` once stopped, ends here: after stdout has drained.
  process.stdout.write('', () => process.exit(code));
}
