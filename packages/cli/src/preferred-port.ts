/**
 * Ports the offline fixtures try first. One `call --offline` after another then reaches each backend
 * at the same address, so the citations and the sources of kept results name it the same way; a port
 * that is taken (another offline server runs) falls back to any free one.
 */
export const PREFERRED_FIXTURE_PORTS = { lindas: 47_911, ckan: 47_912, sdmx: 47_913 } as const;

function isTaken(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EADDRINUSE' || code === 'EACCES';
}

/** Starts a fixture on `port`, or on any free port when that one is taken. */
export async function onPreferredPort<T>(
  start: (options: { port?: number }) => Promise<T>,
  port: number,
): Promise<T> {
  try {
    return await start({ port });
  } catch (error) {
    if (isTaken(error)) return start({});
    throw error;
  }
}
