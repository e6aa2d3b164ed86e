import type { Adapter } from '../contract/adapter.js';
import type { ServerExtension } from './server-types.js';

const PREAMBLE = [
  'This server answers questions from public open-data portals. Work in three steps: search for a dataset,',
  'inspect its structure, then query it. Every answer is a JSON envelope: on success `ok: true`, the data,',
  '`source` (provenance: portal, ids, the query actually run, dates, licence) and a `citation` line to quote.',
  'On failure `ok: false` with `error.code`, a `hint` and `retryable`: a failure is never an empty result, so',
  'do not report "no data" unless a tool returned `ok: true` with no rows or the code `no_data`. Lists report',
  '`returned`, `truncated` and `total_matched`; when `truncated` is true there is more to fetch.',
  'Call `api_status` when a backend seems down.',
].join(' ');

/** One instruction text for the whole server: the shared workflow, then each backend's own notes. */
export function mergeInstructions(
  adapters: ReadonlyArray<Adapter>,
  extensions: ReadonlyArray<ServerExtension> = [],
): string {
  const sections = adapters.map(
    (a) => `## ${a.title} (adapter "${a.id}", ${a.endpoint})\n${a.instructions.trim()}`,
  );
  const own = extensions.map((e) => `## ${e.title}\n${e.instructions.trim()}`);
  return [PREAMBLE, ...sections, ...own].join('\n\n');
}
