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
import { requestLanguage } from '../../i18n/request-language';
import {
  getMySettings,
  getTestMessages,
  optOut,
  optOutPageState,
  sendInvitation,
  setReminders,
  updateMySettings,
} from './messages.service';
import { optOutPageHtml } from './opt-out-page';

const ZOptOutParams = z.object({ token: z.string().max(64) });

/** The opt-out page (opt-out-page.ts): in the test's language, else (a link not recognised) the request's. */
function optOutPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').send(html);
}

export function registerMessagesRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.deps;
  const db = database.db;
  const messaging = app.deps.messaging ?? null;
  const institute = app.deps.config.instituteName;

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
        summary: "Change the caller's own settings (the completion notice by e-mail, the language of messages to them)",
        body: ZUpdateMySettingsRequest,
        response: { 200: ZMySettings, 400: ZApiError },
      },
    },
    async (request) =>
      updateMySettings({
        db,
        messaging,
        session: requireSession(request),
        settings: request.body,
        now: clock.now(),
        ip: request.ip,
      }),
  );

  // The patient's opt-out in its own scope: the one-click opt-out (RFC 8058) posts a form, whose body says nothing we
  // need beyond the token in the path; the form parser is this scope's alone (the FHIR token endpoint has its own).
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_r, _b, done) => done(null, {}),
    );
    const o = scope.withTypeProvider<ZodTypeProvider>();
    o.get(
      '/api/messages/opt-out/:token',
      {
        config: { access: 'public' },
        schema: {
          tags: ['messages'],
          summary: "The patient's opt-out page (from the link in a message): a button that stops the reminders",
          params: ZOptOutParams,
        },
      },
      async (request, reply) => {
        const state = messaging
          ? await optOutPageState({
              db,
              optOutTokens: messaging.optOutTokens,
              token: request.params.token,
              now: clock.now(),
            })
          : null;
        return state
          ? optOutPage(
              reply,
              200,
              optOutPageHtml(state.kind, state.language, {
                institute,
                action: `/api/messages/opt-out/${encodeURIComponent(request.params.token)}`,
              }),
            )
          : optOutPage(reply, 404, optOutPageHtml('unknown', requestLanguage(request), { institute }));
      },
    );

    o.post(
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
        return outcome === 'unknown'
          ? optOutPage(reply, 404, optOutPageHtml('unknown', requestLanguage(request), { institute }))
          : optOutPage(reply, 200, optOutPageHtml('done', outcome.language, { institute }));
      },
    );
  });
}
