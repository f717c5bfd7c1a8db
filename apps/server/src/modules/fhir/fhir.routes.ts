import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAssessmentIdParams } from '@pid5/contract';
import { requireSession } from '../../http/access';
import { sendFhirJson } from '../../http/downloads';
import { exportAssessmentFhir, readCodeSystem, readQuestionnaire } from './fhir.service';

// The FHIR routes (DESIGN.md "FHIR"): a test's Bundle for the signed-in staff (a download beside the PDFs), and our
// CodeSystems and Questionnaires at their canonical addresses, public (they hold no patient data).

/** A FHIR logical id (R4 "id" datatype); anything else is 400, never looked up. */
const ZFhirIdParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/, 'not a FHIR id (letters, digits, - and ., at most 64)'),
});

export function registerFhirRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config, itemSets, normTables } = app.deps;
  // The public questionnaires carry the default language's set (no test names another).
  const itemSet = itemSets.default;

  r.get(
    '/api/assessments/:id/fhir',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['results'],
        summary:
          'A submitted test as a FHIR R4 Bundle (collection, application/fhir+json): Questionnaire, ' +
          'QuestionnaireResponse, an Observation per scale and per validity indicator, the verdict, Provenance. ' +
          'Same access and audit as the results; a shared reader gets it without the answers.',
        params: ZAssessmentIdParams,
      },
    },
    async (request, reply) => {
      const bundle = await exportAssessmentFhir({
        db: database.db,
        session: requireSession(request),
        id: request.params.id,
        itemSets,
        normTables,
        settings: config.fhir,
        now: clock.now(),
        ip: request.ip,
      });
      return sendFhirJson(reply, bundle, `assessment-${request.params.id}.fhir.json`);
    },
  );

  r.get(
    '/fhir/R4/CodeSystem/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['fhir'],
        summary: 'One of our FHIR CodeSystems (scales, levels, validity, answers).',
        params: ZFhirIdParams,
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/fhir+json; charset=utf-8')
        .send(JSON.stringify(readCodeSystem(config.fhir, request.params.id))),
  );

  r.get(
    '/fhir/R4/Questionnaire/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['fhir'],
        summary:
          "A form's Questionnaire (pid5-full, pid5-sf, pid5-bf); item texts only for the demonstration set (an " +
          "institute's licensed wording is not published to anyone who asks; the Bundle carries it to its readers).",
        params: ZFhirIdParams,
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/fhir+json; charset=utf-8')
        .send(
          JSON.stringify(readQuestionnaire(config.fhir, itemSet, request.params.id, { withTexts: itemSet.isDemo })),
        ),
  );
}
