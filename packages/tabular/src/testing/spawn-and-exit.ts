// A server that starts an engine process and ends at once, while the engine is still loading its
// modules, as a server killed right after it started would. Usage: spawn-and-exit.ts
import { spawnEngine } from '../worker/spawn-engine.js';

spawnEngine();
process.stdout.write('spawned\n');
process.exit(0);
