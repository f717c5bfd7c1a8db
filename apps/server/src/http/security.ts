import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes a form body (application/x-www-form-urlencoded): only the OAuth token endpoint, which RFC 6749
     * requires to, and which reads no cookie, so a cross-site form post gains nothing there.
     */
    acceptsForm?: boolean;
  }
}

/**
 * Security headers on every response (OWASP Secure Headers): a CSP without inline script,
 * no framing, no MIME sniffing, no referrer (patient links must not leak to other sites).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine sets style attributes at run time; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  app.addHook('onSend', async (request, reply) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (config.isHttps && config.env === 'production') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (request.url.startsWith('/api/') || request.url.startsWith('/auth/')) {
      reply.header('cache-control', 'no-store');
    }
  });
}

/**
 * Same-origin check for every state-changing request (OWASP CSRF cheat sheet: verify the Origin
 * header; Fetch Metadata as a second signal). SameSite=Lax cookies already stop most cross-site
 * posts; this closes the rest, including top-level form posts.
 */
export function registerSameOriginCheck(app: FastifyInstance, config: AppConfig): void {
  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.acceptsFormPost === true) {
      return;
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const ownOrigin = `${request.protocol}://${request.host}`;
      if (origin !== publicOrigin && origin !== ownOrigin) {
        throw new AppError('CROSS_SITE_REQUEST', 'errors.crossSite');
      }
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('CROSS_SITE_REQUEST', 'errors.crossSite');
    }
  });
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The media type of a Content-Type header, without parameters (`application/json; charset=utf-8` → `application/json`). */
function mediaType(contentType: string): string {
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

/**
 * State-changing requests carry JSON or no body at all. A browser sends `text/plain`, form and
 * multipart bodies to another site without a CORS preflight, and old browsers send neither Origin nor Sec-Fetch-Site,
 * so the same-origin check cannot see them; a body-less route (logout, submit, extend) would otherwise accept such a
 * post. Refused before the session is read (415); our own pages always send `application/json`.
 */
export function registerJsonOnlyMutations(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const contentType = request.headers['content-type'];
    if (SAFE_METHODS.has(request.method) || contentType === undefined) {
      return;
    }
    const type = mediaType(contentType);
    // The token endpoint (RFC 6749) and the one-click opt-out (RFC 8058) are posted as forms by their protocols.
    const config = request.routeOptions.config;
    if (type === FORM_TYPE && (config?.acceptsForm === true || config?.acceptsFormPost === true)) {
      return;
    }
    if (type !== 'application/json') {
      throw new AppError('VALIDATION_FAILED', 'errors.jsonOnly', { status: 415 });
    }
  });
}
