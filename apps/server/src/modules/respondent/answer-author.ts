import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadSession } from '../../http/access';
import { SESSION_COOKIE } from '../../identity/sessions';
import { timingSafeEqual } from 'node:crypto';
import type { LinkCodes } from '../../lib/link-codes';
import { createRandomToken } from '../../lib/tokens';
import type { AnswerAuthor } from './respondent.repo';

// Who changed an answer. The patient link has no account, so each browser that uses it gets a
// link session: a random id in an HttpOnly cookie of the patient API, made by the server and tagged with an HMAC under
// APP_SECRET, so a browser can neither choose its id nor present a made-up one; only a stolen cookie passes for
// another browser. A signed-in user who opens the link (the clinician can see it) is named by their session instead.
// The id grants nothing; it only tells the browsers apart in the answer history.

export const LINK_SESSION_COOKIE = 'link_session';
const LINK_SESSION_COOKIE_SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

/** The verified link session of each patient request (set by linkSessionOf in the routes' onRequest hook). */
const linkSessions = new WeakMap<FastifyRequest, string>();

/** The id in a link-session cookie when this server issued it, else null. */
export function verifiedLinkSession(cookie: string | undefined, linkCodes: LinkCodes): string | null {
  const match = cookie ? LINK_SESSION_COOKIE_SHAPE.exec(cookie) : null;
  if (!match) {
    return null;
  }
  const [, id, tag] = match as unknown as [string, string, string];
  const expected = Buffer.from(linkCodes.linkSessionTag(id));
  const given = Buffer.from(tag);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** The browser's link session, issued on the reply when it has none the server issued. */
export function linkSessionOf(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { isHttps: boolean; linkCodes: LinkCodes },
): string {
  const existing = verifiedLinkSession(request.cookies[LINK_SESSION_COOKIE], options.linkCodes);
  if (existing) {
    linkSessions.set(request, existing);
    return existing;
  }
  const created = createRandomToken(16);
  linkSessions.set(request, created);
  reply.setCookie(LINK_SESSION_COOKIE, `${created}.${options.linkCodes.linkSessionTag(created)}`, {
    path: '/api/patient',
    httpOnly: true,
    sameSite: 'strict',
    secure: options.isHttps,
  });
  return created;
}

/**
 * Who is saving: the signed-in user when the request carries a valid staff session (read only when it carries a
 * session cookie, so a patient's save costs no lookup), else 'patient'; and the browser's link session (given to
 * every patient request by `linkSessionOf` in the routes' onRequest hook).
 */
export async function answerAuthorOf(app: FastifyInstance, request: FastifyRequest): Promise<AnswerAuthor> {
  const session = request.cookies[SESSION_COOKIE] ? await loadSession(request, app.deps) : null;
  return { actor: session?.user.id ?? 'patient', linkSession: linkSessions.get(request) ?? null };
}
