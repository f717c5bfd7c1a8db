import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadSession } from '../../http/access';
import { SESSION_COOKIE } from '../../identity/sessions';
import { createRandomToken } from '../../lib/tokens';
import type { AnswerAuthor } from './respondent.repo';

// Who changed an answer. The patient link has no account, so each browser that uses it gets a
// link session: a random id in an HttpOnly cookie of the patient API, made by the server (so one browser cannot pass
// for another without stealing its cookie). A signed-in user who opens the link (the clinician can see it) is named
// by their session instead. The id grants nothing; it only tells the browsers apart in the answer history.

export const LINK_SESSION_COOKIE = 'link_session';
const LINK_SESSION_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** The browser's link session, set on the reply when it has none (or a malformed one). */
export function linkSessionOf(request: FastifyRequest, reply: FastifyReply, isHttps: boolean): string {
  const existing = request.cookies[LINK_SESSION_COOKIE];
  if (existing && LINK_SESSION_SHAPE.test(existing)) {
    return existing;
  }
  const created = createRandomToken(16);
  // The cookie parser sees it on later requests only: keep it for this one too (two saves in one request cycle).
  request.cookies[LINK_SESSION_COOKIE] = created;
  reply.setCookie(LINK_SESSION_COOKIE, created, {
    path: '/api/patient',
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps,
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
  return { actor: session?.user.id ?? 'patient', linkSession: request.cookies[LINK_SESSION_COOKIE] ?? null };
}
