#!/usr/bin/env node
// The server's production build (docs/operations.md "Production"): apps/server/src bundled by esbuild into plain JavaScript in
// apps/server/dist, so production runs `node` on it with production dependencies only (no tsx, no TypeScript).
//  - main.js (the server), pdf-worker.js and pglite-worker.js (its worker threads), user-role.js and
//    publish-document.js (the operator commands), each with a source map;
//  - migrations/ (the SQL files, read at start).
//  - default-documents/ (the default terms and consent per language, read at start);
//  - catalogues/ (one folder per language: its language.json, catalogues and data files, found at start by
//    packages/i18n/src/languages.ts, so a language folder added before the build is in it).
// The workspace packages (@pid5/contract, @pid5/instrument) are TypeScript and are bundled in; every other package
// stays an import that Node resolves from node_modules at run time. apps/server/src/lib/server-files.ts finds these
// files from either layout.
// Usage: node scripts/build-server.mjs [outdir]   (default apps/server/dist)
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'apps/server');
const outdir = resolve(process.argv[2] ?? join(server, 'dist'));

const entries = {
  main: 'src/main.ts',
  'pdf-worker': 'src/reports/pdf-worker.ts',
  'pglite-worker': 'src/db/pglite-worker.ts',
  'user-role': 'src/cli/user-role.ts',
  'rotate-app-secret': 'src/cli/rotate-app-secret.ts',
  'publish-document': 'src/cli/publish-document.ts',
};

/** Bare imports stay imports, except our own workspace packages, which ship TypeScript and are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pid5/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: server,
  entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, join(server, file)])),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  // Each entry is whole: the workers start on their own, and a shared chunk would be loaded twice anyway.
  splitting: false,
  plugins: [externalPackages],
  logLevel: 'warning',
  legalComments: 'none',
});
mkdirSync(join(outdir, 'migrations'), { recursive: true });
cpSync(join(server, 'src/db/migrations'), join(outdir, 'migrations'), { recursive: true });
cpSync(join(server, 'src/modules/documents/defaults'), join(outdir, 'default-documents'), { recursive: true });
cpSync(join(root, 'packages/i18n/catalogues'), join(outdir, 'catalogues'), { recursive: true });
console.log(`server built into ${outdir} in ${Math.round(performance.now() - started)} ms`);
