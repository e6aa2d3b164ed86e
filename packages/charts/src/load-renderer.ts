/** Loads the drawing half (`./render`) on first use; see render.ts for why it stays apart. */
export function loadRenderer(): Promise<typeof import('./render.js')> {
  return import('./render.js');
}
