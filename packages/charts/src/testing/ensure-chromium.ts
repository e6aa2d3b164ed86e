import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

/**
 * The path of Debian's Chromium, installed on first use when this runs as root (as CI does), so a
 * fresh clone passes its browser tests without a separate step. Without root it says what to run.
 */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is missing at ${CHROMIUM}: run "apt-get install -y chromium" as root.`);
  }
  const apt = (...args: string[]) =>
    execFileSync('apt-get', args, {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  try {
    apt('install', '-y', '--no-install-recommends', 'chromium');
  } catch {
    // A fresh machine may not have read the package lists yet.
    apt('update');
    apt('install', '-y', '--no-install-recommends', 'chromium');
  }
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium but ${CHROMIUM} is missing.`);
  return CHROMIUM;
}
