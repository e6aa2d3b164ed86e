#!/usr/bin/env node
// The `opendata-mcp` binary; the published one is this file bundled (scripts/bundle.mjs).
import module from 'node:module';

// Node 22.1 and later keep the compiled code on disk between starts, which a desktop client
// spawning the server for every session notices; older Node has no such call and starts without.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
// Imported after the cache is on, so the bulk of the code is compiled through it.
const { main } = await import('./main.js');
await main(process.argv.slice(2));
