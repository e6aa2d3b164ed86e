import type iconv from 'iconv-lite';

/** iconv-lite, loaded once when a file first needs transcoding rather than when the package is imported. */
let loading: Promise<typeof iconv> | undefined;

export function loadIconv(): Promise<typeof iconv> {
  loading ??= import('iconv-lite').then((module) => module.default);
  return loading;
}
