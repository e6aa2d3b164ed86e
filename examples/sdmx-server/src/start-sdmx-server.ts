import { createOpenDataServer, type Logger, type OpenDataServer } from '@opendata-mcp/core/server';
import { createSdmxAdapter, DEFAULT_SDMX_URL, SdmxOptionsSchema } from '@opendata-mcp/sdmx';

export interface SdmxServerHandle {
  server: OpenDataServer;
  /** The REST base of the registry the server talks to. */
  url: string;
  offline: boolean;
  close(): Promise<void>;
}

const USAGE = 'usage: opendata-mcp-sdmx [--offline] [--url <sdmx rest base>] [--agency <agency id>]';
const VALUE_FLAGS = ['--url', '--agency'];

/** Reads `--flag value` pairs and `--offline`; anything else is a usage error. */
function readArgs(args: string[]): { offline: boolean; values: Record<string, string> } {
  const values: Record<string, string> = {};
  let offline = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--offline') offline = true;
    else if (VALUE_FLAGS.includes(arg) && args[i + 1] && !args[i + 1]?.startsWith('--')) {
      values[arg.slice(2)] = args[++i] as string;
    } else throw new Error(USAGE);
  }
  if (offline && values.url) throw new Error(USAGE);
  return { offline, values };
}

/**
 * Builds the single-registry SDMX server from command-line arguments: UNICEF's registry by default
 * (agency UNICEF), `--url` and `--agency` for another, `--offline` for the loopback fixture
 * registry with recorded messages.
 */
export async function startSdmxServer(args: string[], logger: Logger): Promise<SdmxServerHandle> {
  const { offline, values } = readArgs(args);
  // The fixture loads its recordings on import: only --offline pays for that.
  const fixture = offline ? await (await import('@opendata-mcp/fixtures')).startSdmxFixture() : null;
  const url = fixture?.url ?? values.url ?? DEFAULT_SDMX_URL;
  const agency = values.agency ?? (values.url ? undefined : 'UNICEF');
  // UNICEF's registry profile (dimension roles, totals by default) applies to the live registry and
  // to the fixture, which serves UNICEF's recordings; another --url gets the generic defaults.
  const options = SdmxOptionsSchema.safeParse({
    ...(values.url ? {} : { registry: 'unicef' }),
    url,
    ...(agency ? { agency } : {}),
    ...(fixture ? { trusted_hosts: [fixture.hostPort] } : {}),
  });
  if (!options.success) {
    await fixture?.close();
    throw new Error(
      `${options.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}\n${USAGE}`,
    );
  }
  const server = createOpenDataServer({ logger, adapters: [createSdmxAdapter(options.data)] });
  logger.info('SDMX server ready', { url, offline });
  return {
    server,
    url,
    offline,
    async close() {
      await server.close();
      await fixture?.close();
    },
  };
}
