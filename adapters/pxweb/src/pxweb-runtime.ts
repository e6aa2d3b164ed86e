/** What the tools of one PxWeb portal instance share. */
export interface PxwebRuntime {
  id: string;
  /** API base without a trailing slash and without the language. */
  baseUrl: string;
  apiVersion: 'v1' | 'v2';
  title: string;
  language: string;
  database: string | null;
  maxCells: number;
  ttlMs: number;
  /**
   * The languages the portal says it serves (its v2 `/config`), configured one first, once a
   * search has read them; null until then, or on a portal that cannot say.
   */
  portalLanguages: string[] | null;
}
