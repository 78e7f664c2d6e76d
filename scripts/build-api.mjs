// Compiles the API (and the workspace packages it imports) to JavaScript with esbuild, when the build is missing or
// older than any of its sources. `npm start` runs the build; tsx is for development and tests only.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { newest } from './newest.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where `npm start` keeps the build: apps/api/dist, or API_DIST (a folder inside the repository; tests use their own). */
export const API_DIST = path.resolve(root, process.env.API_DIST ?? 'apps/api/dist');
/** The programs of the API: each becomes `apps/api/dist/<name>.js`. */
const ENTRIES = {
  main: 'apps/api/src/main.ts',
  worker: 'apps/api/src/worker.ts',
  backup: 'apps/api/src/scripts/backup.ts',
  restore: 'apps/api/src/scripts/restore.ts',
  'ledger-rebuild': 'apps/api/src/scripts/ledger-rebuild.ts',
};
const SOURCES = [
  'apps/api/src',
  'packages/contracts/src',
  'packages/domain/src',
  'packages/db/src',
  'package-lock.json',
  'scripts/build-api.mjs',
];

/**
 * Our own code (the API and the @verdant packages) is bundled; npm packages stay imports, resolved from the
 * repository's node_modules at run time. Each file keeps its own `import.meta.url` and `import.meta.dirname`, so
 * paths such as the migrations folder and the web build resolve as they do from the sources.
 */
const ownCode = {
  name: 'verdant-own-code',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@verdant/') || args.path.startsWith('node:') ? undefined : { external: true },
    );
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: 'ts' };
    });
  },
};

/** Builds every entry that exists into `outdir` (a folder inside the repository, so node_modules resolve). */
export async function buildApi(outdir = API_DIST) {
  const entryPoints = Object.fromEntries(
    Object.entries(ENTRIES).filter(([, file]) => existsSync(path.join(root, file))),
  );
  await esbuild.build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [ownCode],
    chunkNames: 'chunks/[name]-[hash]',
  });
  return outdir;
}

export async function buildApiIfStale() {
  const built = path.join(API_DIST, 'main.js');
  const latest = Math.max(
    ...SOURCES.map((p) => path.join(root, p))
      .filter(existsSync)
      .map(newest),
  );
  if (existsSync(built) && latest <= statSync(built).mtimeMs) return false;
  console.log('Building the API ...');
  await buildApi();
  return true;
}

// `node scripts/build-api.mjs` builds unconditionally (`npm run build`).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildApi();
