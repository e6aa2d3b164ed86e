#!/usr/bin/env node
// The binary of a clone; the published bin is the bundle (scripts/bundle.mjs). It runs the compiled
// code once `pnpm build` wrote it, and the TypeScript sources through tsx (a development dependency
// of the repository) before that, so `pnpm exec opendata-mcp` works right after `pnpm install`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/bin.js', import.meta.url);
if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  const source = new URL('../src/bin.ts', import.meta.url);
  const args = ['--conditions=@opendata-mcp/source', '--import', import.meta.resolve('tsx'), source.pathname];
  const child = spawn(process.execPath, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exitCode = code ?? 1;
  });
}
