import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZAssessmentIdParams,
  ZCreateRetestSeriesRequest,
  ZRetestSeriesAnswer,
  ZUpdateRetestSeriesRequest,
} from '@pid5/contract';
import { requireSession } from '../../http/access';
import { requestLanguage } from '../../i18n/request-language';
import { getRetestSeries, startRetestSeries, updateRetestSeries } from './retests.service';

export function registerRetestsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.deps;
  const db = database.db;
  const messaging = app.deps.messaging ?? null;

  r.get(
    '/api/assessments/:id/retest-series',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['retests'],
        summary: 'The series of re-tests started from this test, if any, and whether one can be started',
        params: ZAssessmentIdParams,
        response: { 200: ZRetestSeriesAnswer, 404: ZApiError },
      },
    },
    async (request) =>
      getRetestSeries({
        db,
        messaging,
        session: requireSession(request),
        id: request.params.id,
        language: requestLanguage(request),
      }),
  );

  r.post(
    '/api/assessments/:id/retest-series',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['retests'],
        summary:
          'From a completed test: a new test of the same patient every N weeks, K times (each uses one purchased test)',
        params: ZAssessmentIdParams,
        body: ZCreateRetestSeriesRequest,
        response: { 200: ZRetestSeriesAnswer, 400: ZApiError, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) =>
      startRetestSeries({
        db,
        messaging,
        session: requireSession(request),
        id: request.params.id,
        language: requestLanguage(request),
        request: request.body,
        now: clock.now(),
        ip: request.ip,
      }),
  );

  r.put(
    '/api/assessments/:id/retest-series',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['retests'],
        summary: "Pause, resume or end this test's series of re-tests",
        params: ZAssessmentIdParams,
        body: ZUpdateRetestSeriesRequest,
        response: { 200: ZRetestSeriesAnswer, 400: ZApiError, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) =>
      updateRetestSeries({
        db,
        messaging,
        session: requireSession(request),
        id: request.params.id,
        language: requestLanguage(request),
        action: request.body.action,
        now: clock.now(),
        ip: request.ip,
      }),
  );
}
