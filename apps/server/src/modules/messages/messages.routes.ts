import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZAssessmentIdParams,
  ZMySettings,
  ZSendInvitationRequest,
  ZSetRemindersRequest,
  ZTestMessages,
  ZUpdateMySettingsRequest,
} from '@pid5/contract';
import { requireSession } from '../../http/access';
import {
  getMySettings,
  getTestMessages,
  optOut,
  sendInvitation,
  setReminders,
  updateMySettings,
} from './messages.service';

const ZOptOutParams = z.object({ token: z.string().max(64) });

// The opt-out page is for the patient, in both languages the messages are written in; no script, no style.
function optOutPage(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
        `<title>Reminders / Erinnerungen</title></head><body>${body}</body></html>`,
    );
}

const OPT_OUT_FORM = (action: string) =>
  `<h1>No more reminders? / Keine Erinnerungen mehr?</h1>` +
  `<p>You will get no more reminders about this questionnaire. Your link keeps working.</p>` +
  `<p>Sie erhalten keine Erinnerungen mehr zu diesem Fragebogen. Ihr Link bleibt gültig.</p>` +
  `<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
  `<button type="submit">Stop reminders / Erinnerungen abbestellen</button></form>`;
const OPT_OUT_DONE =
  `<h1>Done / Erledigt</h1><p>You will get no more reminders about this questionnaire.</p>` +
  `<p>Sie erhalten keine Erinnerungen mehr zu diesem Fragebogen.</p>`;
const OPT_OUT_UNKNOWN =
  `<h1>Link not recognised / Link nicht erkannt</h1><p>Please use the link from the message as it is.</p>` +
  `<p>Bitte verwenden Sie den Link aus der Nachricht unverändert.</p>`;

export function registerMessagesRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.deps;
  const db = database.db;
  const messaging = app.deps.messaging ?? null;

  // The one-click opt-out (RFC 8058) posts a form; its body says nothing we need beyond the token in the path.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );

  r.get(
    '/api/assessments/:id/messages',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        summary: "The messages about a test and their delivery state; the patient's address masked",
        params: ZAssessmentIdParams,
        response: { 200: ZTestMessages, 404: ZApiError },
      },
    },
    async (request) =>
      getTestMessages({ db, messaging, session: requireSession(request), id: request.params.id, now: clock.now() }),
  );

  r.post(
    '/api/assessments/:id/invitation',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        summary: "E-mail the test's link to the patient (again, without `email`, to the address already given)",
        params: ZAssessmentIdParams,
        body: ZSendInvitationRequest,
        response: { 200: ZTestMessages, 400: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError },
      },
    },
    async (request) =>
      sendInvitation({
        db,
        messaging,
        session: requireSession(request),
        id: request.params.id,
        email: request.body.email,
        phone: request.body.phone,
        now: clock.now(),
        ip: request.ip,
      }),
  );

  r.put(
    '/api/assessments/:id/reminders',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        summary: "Turn a test's reminders on or off",
        params: ZAssessmentIdParams,
        body: ZSetRemindersRequest,
        response: { 200: ZTestMessages, 400: ZApiError, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) =>
      setReminders({
        db,
        messaging,
        session: requireSession(request),
        id: request.params.id,
        enabled: request.body.enabled,
        now: clock.now(),
        ip: request.ip,
      }),
  );

  r.get(
    '/api/me/settings',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['me'], summary: "The caller's own settings", response: { 200: ZMySettings } },
    },
    async (request) => getMySettings({ db, messaging, session: requireSession(request) }),
  );

  r.put(
    '/api/me/settings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['me'],
        summary: "Change the caller's own settings (the completion notice by e-mail)",
        body: ZUpdateMySettingsRequest,
        response: { 200: ZMySettings, 400: ZApiError },
      },
    },
    async (request) =>
      updateMySettings({
        db,
        messaging,
        session: requireSession(request),
        completionNotices: request.body.completionNotices,
        now: clock.now(),
        ip: request.ip,
      }),
  );

  r.get(
    '/api/messages/opt-out/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['messages'],
        summary: "The patient's opt-out page (from the link in a message): a button that stops the reminders",
        params: ZOptOutParams,
      },
    },
    async (request, reply) =>
      messaging?.optOutTokens.verify(request.params.token)
        ? optOutPage(reply, 200, OPT_OUT_FORM(`/api/messages/opt-out/${encodeURIComponent(request.params.token)}`))
        : optOutPage(reply, 404, OPT_OUT_UNKNOWN),
  );

  r.post(
    '/api/messages/opt-out/:token',
    {
      config: { access: 'public', acceptsFormPost: true },
      schema: {
        tags: ['messages'],
        summary:
          "Stop a test's reminders: the opt-out page's button and mail clients' one-click unsubscribe (RFC 8058). " +
          'Changes nothing else.',
        params: ZOptOutParams,
      },
    },
    async (request, reply) => {
      const outcome = messaging
        ? await optOut({
            db,
            optOutTokens: messaging.optOutTokens,
            token: request.params.token,
            now: clock.now(),
            ip: request.ip,
          })
        : 'unknown';
      return outcome === 'done' ? optOutPage(reply, 200, OPT_OUT_DONE) : optOutPage(reply, 404, OPT_OUT_UNKNOWN);
    },
  );
}
