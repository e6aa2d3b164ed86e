import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Stops the server (as an outage would) and resolves once it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty, and resolves once it accepts connections. */
  start(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open but nothing answers, as on a hung host. */
  freeze(): void;
  /** Lets a frozen server go on (SIGCONT). */
  thaw(): void;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

/** Either the path of a server binary, or why none can be had on this machine. */
export type RedisBinary = { path: string } | { missing: string };

const CANDIDATES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server', '/usr/bin/valkey-server'];

/**
 * Finds `redis-server`, installing the Debian package when it is missing and this process is root
 * (as on CI). Says why when neither works, so a suite can skip with that reason rather than pass.
 */
export function findRedisServer(): RedisBinary {
  const found = () => CANDIDATES.find((path) => existsSync(path));
  const present = found();
  if (present) return { path: present };
  if (process.getuid?.() !== 0) {
    return { missing: 'redis-server is not installed and this user is not root, so it cannot be installed' };
  }
  const apt = (args: string[]) =>
    execFileSync('apt-get', args, {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  try {
    apt(['install', '-y', '--no-install-recommends', 'redis-server']);
  } catch {
    try {
      apt(['update']);
      apt(['install', '-y', '--no-install-recommends', 'redis-server']);
    } catch (error) {
      return { missing: `apt-get could not install redis-server: ${(error as Error).message}` };
    }
  }
  const installed = found();
  return installed ? { path: installed } : { missing: 'apt-get ran but no redis-server binary appeared' };
}

/**
 * Runs a private Redis on 127.0.0.1 on a free port, in a temporary folder, without persistence:
 * nothing it holds outlives the test.
 */
export async function startRedisServer(binary: string): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'opendata-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    child = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    await waitForPort(port, 10_000);
  }

  async function stop(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGKILL');
    await exited;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
    async close() {
      child?.kill('SIGCONT');
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`redis-server did not accept connections on port ${port} within ${timeoutMs} ms`);
}
