import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireMachineClient } from '../../http/access';
import { buildCapabilityStatement, buildSmartConfiguration } from './fhir-capability';
import { readPatientResource, searchPatientResources, type ReadType } from './fhir-read-api.service';
import { fhirNotFound, PRODUCT_VERSION } from './fhir.service';
import { ZFhirIdParams } from './fhir-ids';
import { parseToken, ZObservationSearch, ZQuestionnaireResponseSearch, type SearchedType } from './fhir-search';

// The FHIR read API for machine clients (DESIGN.md "FHIR"): what it supports (metadata, the SMART configuration;
// public) and the searches a registered client's token opens, each needing its resource type's scope.

function sendFhir(reply: FastifyReply, resource: unknown): FastifyReply {
  return reply
    .header('content-type', 'application/fhir+json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(JSON.stringify(resource));
}

export function registerFhirReadApiRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config, itemSets, normTables, systemTokens } = app.deps;
  // Where the API answers (links in searchsets point here); canonical URLs may be elsewhere (FHIR_CANONICAL_BASE).
  const serviceBase = `${config.publicUrl.replace(/\/$/, '')}/fhir/R4`;

  r.get(
    '/fhir/R4/metadata',
    {
      config: { access: 'public' },
      schema: { tags: ['fhir'], summary: 'The CapabilityStatement: exactly what this FHIR server supports.' },
    },
    async (_request, reply) =>
      sendFhir(
        reply,
        buildCapabilityStatement({
          serviceBase,
          tokenUrl: systemTokens.tokenUrl,
          productVersion: PRODUCT_VERSION,
          now: clock.now(),
        }),
      ),
  );

  r.get(
    '/fhir/R4/.well-known/smart-configuration',
    {
      config: { access: 'public' },
      schema: { tags: ['fhir'], summary: 'SMART configuration: the token endpoint and what it accepts.' },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'application/json')
        .send(buildSmartConfiguration({ tokenUrl: systemTokens.tokenUrl })),
  );

  /** A page's address: the search as understood (validated parameters in a fixed order), with `cursor`. */
  const linkFor =
    (type: SearchedType, query: Record<string, string | number | undefined>) => (cursor: string | undefined) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries({ ...query, _cursor: cursor })) {
        if (value !== undefined) {
          params.set(name, String(value));
        }
      }
      return `${serviceBase}/${type}?${params.toString()}`;
    };

  r.get(
    '/fhir/R4/QuestionnaireResponse',
    {
      config: { access: 'system', scope: 'system/QuestionnaireResponse.read' },
      schema: {
        tags: ['fhir'],
        summary:
          "A patient's submitted answers (searchset, paged): `patient` = the institute's identifier (system|value or " +
          'value). Needs a token with system/QuestionnaireResponse.read.',
        querystring: ZQuestionnaireResponseSearch,
      },
    },
    async (request, reply) => {
      const { patient, _count: count, _cursor: cursor } = request.query;
      const bundle = await searchPatientResources({
        db: database.db,
        client: requireMachineClient(request),
        type: 'QuestionnaireResponse',
        patient: parseToken(patient),
        codes: null,
        count,
        cursor,
        linkFor: linkFor('QuestionnaireResponse', { patient, _count: count }),
        itemSets,
        normTables,
        settings: config.fhir,
        now: clock.now(),
        ip: request.ip,
      });
      return sendFhir(reply, bundle);
    },
  );

  r.get(
    '/fhir/R4/Observation',
    {
      config: { access: 'system', scope: 'system/Observation.read' },
      schema: {
        tags: ['fhir'],
        summary:
          "A patient's scores, validity verdict and indicators (searchset, paged): `patient` as for " +
          'QuestionnaireResponse, `code` = system|code or code (comma-separated: any). Needs system/Observation.read.',
        querystring: ZObservationSearch,
      },
    },
    async (request, reply) => {
      const { patient, code, _count: count, _cursor: cursor } = request.query;
      const bundle = await searchPatientResources({
        db: database.db,
        client: requireMachineClient(request),
        type: 'Observation',
        patient: parseToken(patient),
        codes: code === undefined ? null : code.split(',').map(parseToken),
        count,
        cursor,
        linkFor: linkFor('Observation', { patient, code, _count: count }),
        itemSets,
        normTables,
        settings: config.fhir,
        now: clock.now(),
        ip: request.ip,
      });
      return sendFhir(reply, bundle);
    },
  );

  // Read by id: the same resource a search or an export sends, under the same scope and audit (decision "FHIR
  // resources readable by id"). Its id names the test; an id of no submitted test's resource is 404.
  const readRoute = (type: ReadType, scope: 'system/Observation.read' | 'system/QuestionnaireResponse.read') =>
    r.get(
      `/fhir/R4/${type}/:id`,
      {
        config: { access: 'system', scope },
        schema: {
          tags: ['fhir'],
          summary: `One ${type} by its id (as a search, an export or a reference names it). Needs ${scope}.`,
          params: ZFhirIdParams,
        },
      },
      async (request, reply) => {
        const resource = await readPatientResource({
          db: database.db,
          client: requireMachineClient(request),
          type,
          id: request.params.id,
          itemSets,
          normTables,
          settings: config.fhir,
          now: clock.now(),
          ip: request.ip,
        });
        if (resource === null) {
          throw fhirNotFound(type);
        }
        return sendFhir(reply, resource);
      },
    );
  readRoute('Observation', 'system/Observation.read');
  readRoute('QuestionnaireResponse', 'system/QuestionnaireResponse.read');
}
