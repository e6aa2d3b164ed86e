import type { z } from 'zod';
import type { Adapter } from './adapter.js';
import type { DemoJourney } from './demo-journey.js';
import type { AnyObjectSchema } from './tool.js';

/** A backend started on loopback for offline runs; the adapter is pointed at `url` and trusts `hostPort`. */
export interface OfflineFixture {
  /** What goes into the adapter's `url` option, e.g. `http://127.0.0.1:41234/api/v1`. */
  url: string;
  /** `127.0.0.1:<port>`, added to the adapter's `trusted_hosts`. */
  hostPort: string;
  /**
   * The URL for one configuration entry, when the fixture imitates several backends (SDMX
   * registries by name or host); undefined, or absent, means `url`.
   */
  urlFor?(entry: Readonly<Record<string, unknown>>): string | undefined;
  close(): Promise<void>;
}

/**
 * How a program that reads configuration files (the `opendata-mcp` command) knows an adapter type:
 * the options it accepts, how to build an instance, and optionally an offline backend and a demo.
 * A package exports one as `adapterPlugin`, and a config entry names the package in `module`.
 */
export interface AdapterPlugin<Options extends AnyObjectSchema = AnyObjectSchema> {
  /** The config `type` this plugin answers to, e.g. "pxweb". */
  type: string;
  /** One line shown in the configuration schema and in errors. */
  description: string;
  /**
   * The strict zod schema of one config entry's options (`type`, `module` and `tool_prefix` are
   * removed first); spread `networkOptionsShape` into it so `trusted_hosts` works offline.
   */
  options: Options;
  create(options: z.output<Options>): Adapter;
  /** Starts a loopback backend for `--offline` and `demo`; the adapter gets its `url` and `trusted_hosts`. */
  fixture?: () => Promise<OfflineFixture>;
  /**
   * Options an entry takes offline unless it sets them itself: what the fixture imitates, such as
   * a `title` naming it (the default title, the portal's host, would be a loopback address).
   */
  fixtureOptions?: Readonly<Record<string, unknown>>;
  /** A worked question `opendata-mcp demo` plays against the fixture. */
  demo?: DemoJourney;
}

/** Declares a plugin; the identity function exists for type inference of `create`. */
export function defineAdapterPlugin<Options extends AnyObjectSchema>(
  plugin: AdapterPlugin<Options>,
): AdapterPlugin<Options> {
  return plugin;
}
