// Where the server's own files are, from source (tsx: this file is apps/server/src/lib/server-files.ts) and from the
// production build (scripts/build-server.mjs bundles it into apps/server/dist/main.js, with the workers and the
// migrations beside it). One place decides, so no module counts `../` from a location the build moves.

const isBuilt = !import.meta.url.endsWith('.ts');

/** The server package's folder (apps/server/). */
export const SERVER_ROOT = new URL(isBuilt ? '../' : '../../', import.meta.url);

/** A worker thread's entry: `name`.ts in `sourceFolder` (under src/) from source, dist/`name`.js when built. */
export function workerEntry(sourceFolder: string, name: string): URL {
  return isBuilt ? new URL(`dist/${name}.js`, SERVER_ROOT) : new URL(`src/${sourceFolder}/${name}.ts`, SERVER_ROOT);
}

/** The SQL migrations: src/db/migrations/ from source, dist/migrations/ when built (copied by the build). */
export const MIGRATIONS_FOLDER = new URL(isBuilt ? 'dist/migrations/' : 'src/db/migrations/', SERVER_ROOT);

/** The default terms and consent, one file per kind and language: from source, or dist/default-documents/ when built. */
export const DEFAULT_DOCUMENTS_FOLDER = new URL(
  isBuilt ? 'dist/default-documents/' : 'src/modules/documents/defaults/',
  SERVER_ROOT,
);
