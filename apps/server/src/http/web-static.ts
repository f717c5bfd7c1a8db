import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SERVER_ROOT } from '../lib/server-files';
import { isGuardedPath } from './access';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../web/dist/', SERVER_ROOT));

/**
 * Serves the built web app; the SPA's page routes (/, /dashboard, /test/{code}) get index.html (or patient.html) so
 * they work on reload (history fallback). A page route is any GET outside /api and /auth whose last segment has no
 * file extension, whatever the request accepts (so `curl /` gets the page, not 404); a missing file (/assets/x.js)
 * gets the app only when the request asks for HTML, else a 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const hasWebApp = existsSync(`${distDir}/index.html`);
  if (!hasWebApp) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build`; serving the API only');
  } else {
    await registerStaticFiles(app, distDir);
  }
  // Unknown /api and /auth paths get a JSON 404; other GETs that accept HTML get the SPA.
  app.setNotFoundHandler((request, reply) => {
    const acceptsHtml = (request.headers.accept ?? '').includes('text/html');
    const path = request.url.split('?')[0] ?? '';
    const looksLikeFile = /\.[A-Za-z0-9]+$/.test(path);
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isGuardedPath(request.url);
    if (hasWebApp && isPageRequest && (acceptsHtml || !looksLikeFile)) {
      // Patient links get their own small entry (React only, none of the staff bundle), kept light for phones.
      const page = /^\/(test|consent)\//.test(request.url) ? 'patient.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    return reply.status(404).send({
      error: { code: 'ROUTE_NOT_FOUND', message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` },
    });
  });
  return hasWebApp;
}

async function registerStaticFiles(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of its text files (apps/web/scripts/precompress.mjs): sent to browsers that
    // accept them, the plain file otherwise.
    preCompressed: true,
    // Our own cache-control below; with send's default (max-age=0) it would override the one set here.
    cacheControl: false,
    setHeaders: (reply, path) => {
      // Vite puts a content hash in every asset name: cache them for a year; never cache index.html.
      void reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      void reply.header('vary', 'accept-encoding');
    },
  });
}
