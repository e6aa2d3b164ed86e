import { isLoopbackBind } from '@opendata-mcp/core';

/**
 * Whether the allow-list holds this machine's addresses alone, as the offline mode (or a test
 * portal) sets it up. The recorded catalogue still names files on the live portal's hosts, and a
 * reader told only "allowed_hosts: 127.0.0.1" could not tell that the live portal serves them.
 */
export function reachesOnlyThisMachine(allowedHosts: readonly string[]): boolean {
  return allowedHosts.length > 0 && allowedHosts.every((host) => isLoopbackBind(host.toLowerCase()));
}

/** Why a file on `host`, outside the hosts this instance may contact, cannot be read. */
export function hostOutsideAllowList(host: string, allowedHosts: readonly string[]): string {
  const allowed = allowedHosts.join(', ');
  return reachesOnlyThisMachine(allowedHosts)
    ? `Its file is on ${host}, but this server reaches only a local backend (${allowed}), as when it runs offline against recordings; the live portal serves the file.`
    : `Its file is on ${host}, which this server may not contact (allowed_hosts: ${allowed}).`;
}
