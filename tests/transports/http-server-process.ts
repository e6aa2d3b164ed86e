import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { HttpServerOptions } from '@opendata-mcp/core/server';

const here = fileURLToPath(new URL('.', import.meta.url));

export interface ServerProcess {
  url: string;
  rss(): Promise<number>;
}

const children: ChildProcess[] = [];

export function stopServerProcesses(): void {
  for (const child of children.splice(0)) child.kill();
}

/** The server in a process of its own: the clients' memory and CPU stay out of its measurements. */
export async function startServerProcess(options: HttpServerOptions = {}): Promise<ServerProcess> {
  const child = fork('fixtures/http-server.ts', [JSON.stringify(options)], {
    cwd: here,
    execArgv: ['--conditions=@opendata-mcp/source', '--import', 'tsx'],
  });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`the server process exited with ${code}`)));
  });
  const rss = (): Promise<number> =>
    new Promise((resolve) => {
      child.once('message', (message) => resolve((message as { rss: number }).rss));
      child.send('rss');
    });
  return { url, rss };
}
