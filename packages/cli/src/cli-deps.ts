import type { CacheRootInputs } from '@opendata-mcp/core/server';
import type { ServeEffects } from './commands/serve-effects.js';
import type { FixtureStarters } from './offline.js';
import type { AdapterRegistry } from './registry.js';

/** Everything the command does to the world outside its arguments, injected so each command runs in a test. */
export interface CliDeps {
  registry: AdapterRegistry;
  fixtures: FixtureStarters;
  env: Readonly<Record<string, string | undefined>>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** True when stderr is a terminal: `call` then shows the progress a tool reports there. */
  stderrIsTTY?: boolean;
  /** The account the default cache folder is chosen for; this process's when absent. */
  account?: Omit<CacheRootInputs, 'env'>;
  /** How `serve` starts its transport and learns to stop; this process's stdio and signals when absent. */
  serve?: ServeEffects;
}
