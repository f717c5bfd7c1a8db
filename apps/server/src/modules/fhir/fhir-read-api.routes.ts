import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireMachineClient } from '../../http/access';
import { buildCapabilityStatement, buildSmartConfiguration } from './fhir-capability';
import { readPatientResource, searchPatientResources, type ReadType } from './fhir-read-api.service';
import { fhirNotFound, PRODUCT_VERSION } from './fhir.service';
import { ZFhirIdParams } from './fhir-ids';
import {
  observationSearch,
  parseToken,
  questionnaireResponseSearch,
  signCursor,
  type SearchedType,
} from './fhir-search';

// The FHIR read API for machine clients (DESIGN.md "FHIR"): what it supports (metadata, the SMART configuration;
// public) and the searches a registered client's token opens, each needing its resource type's scope.

const FORM_TYPE = 'application/x-www-form-urlencoded';

function mediaTypeOf(contentType: string | undefined): string {
  return (contentType?.split(';', 1)[0] ?? '').trim().toLowerCase();
}

/** A form body's fields; a field given twice becomes a list, which the search's schema refuses ("give it once"). */
function formFields(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const before = fields[name];
    fields[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return fields;
}

/**
 * Whether an Accept header admits what the FHIR API sends (application/fhir+json, or JSON): no header, a wildcard,
 * or one of those media types with a quality above 0.
 */
export function acceptsFhirJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') {
    return true;
  }
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) {
      return false;
    }
    return ['*/*', 'application/*', 'application/json', 'application/fhir+json', 'application/json+fhir'].includes(
      type ?? '',
    );
  });
}

/** The `_format` values that mean JSON (the R4 RESTful API, "Content Types and encodings"), one or repeated. */
const JSON_FORMATS = new Set(['json', 'application/json', 'application/fhir+json']);
function isJsonFormat(format: unknown): boolean {
  const values = Array.isArray(format) ? (format as unknown[]) : [format];
  return values.every(
    (value) => typeof value === 'string' && JSON_FORMATS.has(value.split(';')[0]!.trim().toLowerCase()),
  );
}

function sendFhir(reply: FastifyReply, resource: unknown): FastifyReply {
  return reply
    .header('content-type', 'application/fhir+json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(JSON.stringify(resource));
}

export function registerFhirReadApiRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config, itemSets, normTables, systemTokens } = app.deps;
  const { cursors } = systemTokens;

  // 406 for an Accept the API cannot answer (XML, Turtle, ...), before anything else is read; the SMART
  // configuration is plain JSON and the bulk export's files NDJSON, each checked by its own route.
  app.addHook('onRequest', async (request) => {
    if (
      request.url.startsWith('/fhir/R4/') &&
      !request.url.startsWith('/fhir/R4/.well-known/') &&
      !request.url.startsWith('/fhir/R4/$export-files/') &&
      !acceptsFhirJson(request.headers.accept)
    ) {
      throw new AppError('VALIDATION_FAILED', 'errors.fhir.notAcceptable', { status: 406 });
    }
    // `_format` overrides Accept (the R4 RESTful API, "Content Types and encodings"): anything but JSON is a 406 as well.
    const format = (request.query as Record<string, unknown> | undefined)?._format;
    if (request.url.startsWith('/fhir/R4/') && format !== undefined && !isJsonFormat(format)) {
      throw new AppError('VALIDATION_FAILED', 'errors.fhir.formatNotAcceptable', { status: 406 });
    }
  });
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

  type SearchQuery = { patient: string; patientParam: string; code?: string; _count: number; _cursor?: string };
  const search = async (type: SearchedType, query: SearchQuery, request: FastifyRequest, reply: FastifyReply) => {
    const asked = { patient: query.patient, code: query.code };
    const bundle = await searchPatientResources({
      db: database.db,
      client: requireMachineClient(request),
      type,
      patient: parseToken(query.patient),
      codes: query.code === undefined ? null : query.code.split(',').map(parseToken),
      count: query._count,
      cursor: query._cursor,
      linkFor: linkFor(type, { [query.patientParam]: query.patient, code: query.code, _count: query._count }),
      nextCursor: (position) => signCursor(cursors, type, asked, position),
      itemSets,
      normTables,
      settings: config.fhir,
      now: clock.now(),
      ip: request.ip,
    });
    return sendFhir(reply, bundle);
  };
  const summaryOf = (type: SearchedType) =>
    type === 'Observation'
      ? "A patient's scores, validity verdict and indicators (searchset, paged): `patient:identifier` (or " +
        "`subject:identifier`) = the institute's identifier, system|value or value; `code` = system|code or " +
        'code (comma-separated: any). Needs system/Observation.read (v2: .rs).'
      : "A patient's submitted answers (searchset, paged): `patient:identifier` (or `subject:identifier`) = " +
        "the institute's identifier, system|value or value. Needs system/QuestionnaireResponse.read (v2: .rs).";
  const schemaOf = (type: SearchedType) =>
    type === 'Observation' ? observationSearch(cursors) : questionnaireResponseSearch(cursors);

  // Each path written out where it is registered (ARCHITECTURE.md's route table finds it here).
  const searchRoute = (type: SearchedType, paths: { get: string; post: string }) => {
    r.get(
      paths.get,
      {
        config: { access: 'system', scope: `system/${type}.read` as const },
        schema: { tags: ['fhir'], summary: summaryOf(type), querystring: schemaOf(type) },
      },
      async (request, reply) => search(type, request.query as SearchQuery, request, reply),
    );
    // FHIR R4 search by POST: the same parameters as a form body (nothing in the URL), the same answer.
    void app.register(async (scope) => {
      scope.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
        done(null, formFields(body as string));
      });
      scope.withTypeProvider<ZodTypeProvider>().post(
        paths.post,
        {
          config: { access: 'system', scope: `system/${type}.read` as const, acceptsForm: true },
          schema: {
            tags: ['fhir'],
            summary: `${summaryOf(type)} As a form-encoded POST body (FHIR search by POST).`,
            body: schemaOf(type),
          },
          preValidation: async (request) => {
            if (mediaTypeOf(request.headers['content-type']) !== FORM_TYPE || Object.keys(request.query ?? {}).length) {
              throw new AppError('VALIDATION_FAILED', 'errors.fhir.searchForm', { status: 415 });
            }
          },
        },
        async (request, reply) => search(type, request.body as SearchQuery, request, reply),
      );
    });
  };
  searchRoute('QuestionnaireResponse', {
    get: '/fhir/R4/QuestionnaireResponse',
    post: '/fhir/R4/QuestionnaireResponse/_search',
  });
  searchRoute('Observation', { get: '/fhir/R4/Observation', post: '/fhir/R4/Observation/_search' });

  // Read by id: the same resource a search or an export sends, under the same scope and audit (decision "FHIR
  // resources readable by id"). Its id names the test; an id of no submitted test's resource is 404.
  const readRoute = (
    type: ReadType,
    path: string,
    scope: 'system/Observation.read' | 'system/QuestionnaireResponse.read',
  ) =>
    r.get(
      path,
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
  readRoute('Observation', '/fhir/R4/Observation/:id', 'system/Observation.read');
  readRoute('QuestionnaireResponse', '/fhir/R4/QuestionnaireResponse/:id', 'system/QuestionnaireResponse.read');
}
