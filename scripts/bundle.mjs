// `pnpm bundle`: bundles every binary of the workspace with esbuild (or those of the package folders
// given as arguments: each package's pack hook bundles its own), so a server starts by reading
// a few files instead of resolving hundreds of modules. A package takes part by naming the
// TypeScript entry of each of its bins under "opendataMcp.bins" in its package.json; its published
// bin ("publishConfig.bin") then points at bundle/<name>.js, while "bin" names the compiled entry a
// clone runs (pnpm links a bin at install only when its file exists, and bundles are made later).
//
// What stays outside a bundle, loaded from node_modules at run time:
// - packages with native code or WebAssembly (they load files next to themselves);
// - packages that say "opendataMcp.bundle": "external" (a forked engine script, recorded data read
//   relative to the package);
// - the entries a package names in "opendataMcp.bundle.externalEntries" ({ "./render": "src/render.ts" }):
//   the rest of the package is bundled, and a dynamic import() of that source file becomes an import
//   of the package's own subpath, loaded from node_modules on first use. For a heavy half that
//   reads files beside itself, so the light half (tool definitions) does not load a second copy of
//   the shared packages at every start.
// Lazy loading survives: dynamic import() becomes a chunk loaded on first use, and a
// `require(…)` made from `createRequire(import.meta.url)` becomes a bundled module evaluated on
// the first call.
import {
  existsSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACE_FOLDERS = ['packages', 'adapters', 'examples'];
const CREATE_REQUIRE = /const require = createRequire\(import\.meta\.url\);/;

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function workspacePackages() {
  return WORKSPACE_FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder))
      .map((name) => join(root, folder, name))
      .filter((dir) => existsSync(join(dir, 'package.json')))
      .map((dir) => ({ dir, manifest: readJson(join(dir, 'package.json')) })),
  );
}

/** True when a folder holds a compiled addon or WebAssembly, which must be loaded from its own place. */
function hasNativeCode(dir, depth = 0) {
  if (depth > 4) return false;
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules') continue;
    const path = join(dir, entry);
    if (entry.endsWith('.node') || entry.endsWith('.wasm') || entry === 'binding.gyp') return true;
    if (statSync(path).isDirectory() && hasNativeCode(path, depth + 1)) return true;
  }
  return false;
}

/**
 * Every dependency (transitively, from this package) that must stay outside the bundle, and the
 * external entries of partly bundled packages (source file -> subpath specifier).
 */
function externalsOf(dir, seen = new Set(), externals = new Set(), entries = new Map()) {
  const manifest = readJson(join(dir, 'package.json'));
  const names = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies });
  for (const name of names) {
    const depDir = join(dir, 'node_modules', name);
    if (!existsSync(depDir)) continue;
    const real = realpathSync(depDir);
    if (seen.has(real)) continue;
    seen.add(real);
    const dep = readJson(join(real, 'package.json'));
    if (dep.opendataMcp?.bundle === 'external' || hasNativeCode(real)) {
      externals.add(name);
      continue;
    }
    const externalEntries = dep.opendataMcp?.bundle?.externalEntries;
    if (externalEntries) {
      for (const [subpath, source] of Object.entries(externalEntries)) {
        entries.set(join(real, source), `${name}/${subpath.replace(/^\.\//, '')}`);
      }
      // Its dependencies are not walked: the external entries load theirs from the package's own
      // node_modules, and the bundled half may import only plain JavaScript packages.
      externals.add(`${name}/*`);
      continue;
    }
    externalsOf(real, seen, externals, entries);
  }
  return { externals, entries };
}

/** Turns a dynamic import of an external entry's source into an import of the package subpath. */
function externalEntriesPlugin(entries) {
  return {
    name: 'external-entries',
    setup(b) {
      b.onResolve({ filter: /^\./ }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const source = join(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
        const specifier = entries.get(source);
        return specifier ? { path: specifier, external: true } : undefined;
      });
    },
  };
}

/** Lets esbuild see lazy `require` calls: without the local binding, `require` is the bundler's own. */
const lazyRequirePlugin = {
  name: 'lazy-require',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes('node_modules')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!CREATE_REQUIRE.test(source)) return undefined;
      return { contents: source.replace(CREATE_REQUIRE, ''), loader: 'ts' };
    });
  },
};

/**
 * zod re-exports every message locale from its namespace, so none can be tree-shaken: a third of
 * what a server parses at start. The servers speak English (zod's default, loaded by zod itself);
 * the namespace keeps only `en`.
 */
const englishOnlyZodPlugin = {
  name: 'english-only-zod',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: "export { default as en } from './en.js';",
      loader: 'js',
    }));
  },
};

async function bundlePackage({ dir, manifest }) {
  const bins = manifest.opendataMcp?.bins ?? {};
  const outdir = join(dir, 'bundle');
  rmSync(outdir, { recursive: true, force: true });
  const { externals, entries } = externalsOf(dir);
  const external = [...externals];
  // The bundle imports an external package from its own folder, so it must be a direct dependency.
  const missing = external
    .map((name) => name.replace(/\/\*$/, ''))
    .filter((name) => !manifest.dependencies?.[name]);
  if (missing.length > 0) {
    throw new Error(
      `${manifest.name}: add ${missing.join(', ')} to its "dependencies": they stay outside the bundle (native code or "opendataMcp.bundle": "external") and are loaded from its node_modules.`,
    );
  }
  const result = await build({
    entryPoints: Object.entries(bins).map(([out, entry]) => ({ out, in: join(dir, entry) })),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Workspace packages are bundled from their TypeScript sources.
    conditions: ['@opendata-mcp/source'],
    external,
    plugins: [externalEntriesPlugin(entries), lazyRequirePlugin, englishOnlyZodPlugin],
    // Bundled CommonJS modules require Node built-ins; an ES module has no `require` of its own.
    banner: {
      js: "import { createRequire as __bundleCreateRequire } from 'node:module';\nconst require = __bundleCreateRequire(import.meta.url);",
    },
    chunkNames: 'chunks/[name]-[hash]',
    // Less text to parse at every start; names stay, error messages and stack traces keep them.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'linked',
    logLevel: 'warning',
    // BUNDLE_METAFILE=1 writes bundle/meta.json: which input costs how many bytes of which output.
    metafile: process.env.BUNDLE_METAFILE === '1',
  });
  if (result.metafile) writeFileSync(join(outdir, 'meta.json'), JSON.stringify(result.metafile));
  const names = Object.keys(bins).join(', ');
  console.log(`${relative(root, dir)}: ${names} -> bundle/ (external: ${external.join(', ') || 'none'})`);
}

// Folders given on the command line (a package's pack hook passes its own) limit the run to them.
const only = process.argv.slice(2).map((dir) => realpathSync(dir));
const targets = workspacePackages().filter(
  (p) => p.manifest.opendataMcp?.bins && (only.length === 0 || only.includes(realpathSync(p.dir))),
);
for (const target of targets) await bundlePackage(target);
