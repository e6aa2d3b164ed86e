import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The account files are planted as: `nobody` on most Linux systems. */
export const OTHER_UID = 65534;

/** Whether this run can act as another user: it is root and `setpriv` is there to drop to that user. */
export const canSwitchUser = process.getuid?.() === 0 && existsSync('/usr/bin/setpriv');

/** Runs a Node script as `OTHER_UID`, as another local user of a shared machine would. */
export function asAnotherUser(script: string): void {
  execFileSync(
    '/usr/bin/setpriv',
    [`--reuid=${OTHER_UID}`, `--regid=${OTHER_UID}`, '--clear-groups', process.execPath, '-e', script],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}
