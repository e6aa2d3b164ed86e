import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkTarballFiles } from '../../scripts/tarball-files.mjs';

const work = mkdtempSync(join(tmpdir(), 'tarball-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A tarball laid out as `pnpm pack` writes one: every file under `package/`. */
function tarball(name: string, manifest: Record<string, unknown>, files: string[]): string {
  const dir = mkdtempSync(join(work, 'pkg-'));
  const pkg = join(dir, 'package');
  for (const file of [...files, 'README.md']) {
    mkdirSync(dirname(join(pkg, file)), { recursive: true });
    writeFileSync(join(pkg, file), '');
  }
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name, ...manifest }));
  const out = join(work, `${name.replace(/\W/g, '-')}-${files.length}.tgz`);
  execFileSync('tar', ['-czf', out, '-C', dir, 'package']);
  return out;
}

const ANALYSIS_EXPORTS = { exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } };
const analysisFiles = ['dist/index.js', 'dist/index.d.ts', 'src/index.ts'];

describe('the published file list check', () => {
  it('passes a tarball with its recorded layout, its exports present and no tests', () => {
    const good = tarball('@opendata-mcp/analysis', ANALYSIS_EXPORTS, analysisFiles);
    expect(checkTarballFiles([good])).toEqual([{ name: '@opendata-mcp/analysis', files: 5, problems: [] }]);
  });

  it('refuses tests, test scaffolding, a missing bin or export, and a layout that changed', () => {
    const bad = tarball('@opendata-mcp/analysis', { ...ANALYSIS_EXPORTS, bin: { x: './bundle/x.js' } }, [
      'dist/index.js',
      'src/index.ts',
      'src/sum.test.ts',
      'dist/testing/server.js',
      'extra/notes.txt',
    ]);
    const refusal = (() => {
      try {
        checkTarballFiles([bad]);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(refusal).toContain('names ./bundle/x.js, which it does not hold');
    expect(refusal).toContain('names ./dist/index.d.ts, which it does not hold');
    expect(refusal).toContain('ships src/sum.test.ts');
    expect(refusal).toContain('ships test scaffolding dist/testing/server.js');
    expect(refusal).toMatch(/holds README\.md, dist, extra, package\.json, src at its top level/);
  });

  it('refuses a package whose layout was never recorded', () => {
    const unknown = tarball('@opendata-mcp/newcomer', {}, ['dist/index.js']);
    expect(() => checkTarballFiles([unknown])).toThrow(/newcomer has no recorded layout/);
  });
});
