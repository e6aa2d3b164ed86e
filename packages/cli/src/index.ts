export { buildRuntime, type Runtime, type RuntimeServices } from './build-runtime.js';
export type { CliDeps } from './cli-deps.js';
export type { ExitCode } from './commands/command.js';
export type { ServeEffects } from './commands/serve-effects.js';
export { ConfigError } from './config/config-error.js';
export { configJsonSchema } from './config/config-json-schema.js';
export { type Config, ConfigSchema } from './config/config-schema.js';
export { defaultRegistry } from './default-registry.js';
export { main } from './main.js';
export { type FixtureStarters, goOffline, type RunningFixture } from './offline.js';
export { type OpenRuntimeOptions, openRuntime } from './open-runtime.js';
export { loadPlugins } from './plugins/load-plugins.js';
export {
  type AdapterRegistration,
  type AdapterRegistry,
  createRegistry,
  type FixtureKind,
} from './registry.js';
export { runCli, USAGE } from './run-cli.js';
