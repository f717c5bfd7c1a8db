import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createJobQueue } from '../../db/job-queue';
import { AppError } from '../../errors';
import { requireMachineClient } from '../../http/access';
import { auditBulkExport, createBulkExports } from './fhir-bulk-export';
import { BULK_EXPORT_TYPES, type BulkExportManifest, type BulkExportType } from './fhir-bulk-export-folder';
import { clientActor } from './fhir-read-api.service';

// FHIR Bulk Data Access for machine clients (decision "FHIR Bulk Data export on the job queue"): the system-level
// kick-off `GET $export` (Prefer: respond-async), the status URL a client polls (202 with X-Progress, then the
// manifest), the NDJSON files behind the same token, and DELETE to cancel or to delete the files before they expire.

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

const ZKickOff = z.strictObject(
  {
    _outputFormat: z
      .enum(['application/fhir+ndjson', 'application/ndjson', 'ndjson'], {
        error: '_outputFormat: this server writes NDJSON only (application/fhir+ndjson)',
      })
      .optional(),
    _since: z
      .string({ error: '_since: give it once, as an instant (e.g. 2026-03-01T00:00:00Z)' })
      .regex(INSTANT, '_since: an instant with a time zone, e.g. 2026-03-01T00:00:00Z')
      .refine((text) => !Number.isNaN(Date.parse(text)), '_since: not a real date and time')
      .optional(),
    _type: z
      .string({ error: '_type: give it once; several types as a comma-separated list' })
      .refine(
        (text) => text.split(',').every((type) => (BULK_EXPORT_TYPES as readonly string[]).includes(type)),
        `_type: a comma-separated list of ${BULK_EXPORT_TYPES.join(', ')}`,
      )
      .optional(),
  },
  {
    error: (issue: { code?: string; keys?: string[] }) =>
      issue.code === 'unrecognized_keys'
        ? `unsupported export parameter ${(issue.keys ?? []).join(', ')}: this export supports _outputFormat, _since, _type`
        : undefined,
  },
);

const ZExportId = z.object({ id: z.uuid({ error: 'not an export of this server' }) });
const ZExportFile = z.object({
  id: z.uuid({ error: 'not an export of this server' }),
  file: z.enum(
    BULK_EXPORT_TYPES.map((type) => `${type}.ndjson`),
    { error: 'not a file of an export' },
  ),
});

export function registerFhirBulkExportRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config, itemSets, normTables } = app.deps;
  const serviceBase = `${config.publicUrl.replace(/\/$/, '')}/fhir/R4`;
  // The job queue the e-mail uses when there is one; its own otherwise (the same tables either way).
  const boss = app.deps.messaging?.boss ?? createJobQueue(database);
  const bulk = createBulkExports({
    db: database.db,
    boss,
    dir: config.fhirExportDir,
    settings: config.fhir,
    itemSets,
    normTables,
    now: () => clock.now(),
    log: app.log,
  });
  if (!app.deps.messaging) {
    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, timeout: 10_000 });
    });
  }
  const statusUrl = (id: string) => `${serviceBase}/$export-status/${id}`;
  const audit = (client: string, ip: string, details: Record<string, unknown>) =>
    auditBulkExport(database.db, { client, ip, at: clock.now(), details });

  r.get(
    '/fhir/R4/$export',
    {
      config: { access: 'system', scope: 'system/Observation.read' },
      schema: {
        tags: ['fhir'],
        summary:
          'FHIR Bulk Data kick-off (system level): every submitted test as NDJSON files per type, asynchronously. ' +
          'Needs Prefer: respond-async and system/Observation.read (QuestionnaireResponse also its scope); ' +
          '_type, _since, _outputFormat. Answers 202 with the status URL in Content-Location.',
        querystring: ZKickOff,
      },
    },
    async (request, reply) => {
      if (!/(^|[\s,;])respond-async($|[\s,;])/i.test([request.headers.prefer ?? ''].flat().join(','))) {
        throw new AppError('VALIDATION_FAILED', 'errors.fhir.preferAsync');
      }
      const client = requireMachineClient(request);
      const asked = request.query._type?.split(',') as BulkExportType[] | undefined;
      const mayAnswers = client.scopes.includes('system/QuestionnaireResponse.read');
      if (asked?.includes('QuestionnaireResponse') && !mayAnswers) {
        throw new AppError('FORBIDDEN', 'errors.fhir.exportScope', {
          values: { resourceType: 'QuestionnaireResponse', scope: 'system/QuestionnaireResponse.read' },
        });
      }
      const types = BULK_EXPORT_TYPES.filter((type) =>
        asked ? asked.includes(type) : type !== 'QuestionnaireResponse' || mayAnswers,
      );
      const manifest = await bulk.kickOff({
        clientId: client.clientId,
        request: `${serviceBase}${request.url.slice('/fhir/R4'.length)}`,
        types,
        since: request.query._since ? new Date(request.query._since) : null,
        now: clock.now(),
      });
      await audit(clientActor(client), request.ip, { types, since: request.query._since ?? null });
      return reply.code(202).header('content-location', statusUrl(manifest.id)).send();
    },
  );

  const found = async (clientId: string, id: string): Promise<BulkExportManifest> => {
    const manifest = await bulk.find(clientId, id, clock.now());
    if (!manifest) {
      throw new AppError('NOT_FOUND', 'errors.fhir.noSuchResource', { values: { resourceType: 'export' } });
    }
    return manifest;
  };

  r.get(
    '/fhir/R4/$export-status/:id',
    {
      config: { access: 'system', scope: 'system/Observation.read' },
      schema: {
        tags: ['fhir'],
        summary:
          "A bulk export's status: 202 with X-Progress while it runs, then 200 with the manifest (the files' URLs); " +
          '404 once deleted or expired.',
        params: ZExportId,
      },
    },
    async (request, reply) => {
      const manifest = await found(requireMachineClient(request).clientId, request.params.id);
      if (manifest.state === 'queued' || manifest.state === 'running') {
        const progress =
          manifest.testsTotal === null ? 'queued' : `${manifest.testsDone} of ${manifest.testsTotal} tests`;
        return reply.code(202).header('x-progress', progress).header('retry-after', '2').send();
      }
      if (manifest.state === 'failed') {
        throw new AppError('INTERNAL', 'errors.fhir.exportFailed');
      }
      return reply
        .header('content-type', 'application/json')
        .header('cache-control', 'no-store')
        .header('expires', new Date(manifest.expiresAt!).toUTCString())
        .send(
          JSON.stringify({
            transactionTime: manifest.transactionTime,
            request: manifest.request,
            requiresAccessToken: true,
            output: manifest.output.map((o) => ({
              type: o.type,
              url: `${serviceBase}/$export-files/${manifest.id}/${o.file}`,
              count: o.count,
            })),
            error: [],
          }),
        );
    },
  );

  r.delete(
    '/fhir/R4/$export-status/:id',
    {
      config: { access: 'system', scope: 'system/Observation.read' },
      schema: {
        tags: ['fhir'],
        summary: 'Cancels a bulk export or deletes its files (202); 404 when there is none.',
        params: ZExportId,
      },
    },
    async (request, reply) => {
      const client = requireMachineClient(request);
      if (!(await bulk.remove(client.clientId, request.params.id, clock.now()))) {
        throw new AppError('NOT_FOUND', 'errors.fhir.noSuchResource', { values: { resourceType: 'export' } });
      }
      return reply.code(202).send();
    },
  );

  r.get(
    '/fhir/R4/$export-files/:id/:file',
    {
      config: { access: 'system', scope: 'system/Observation.read' },
      schema: {
        tags: ['fhir'],
        summary: "One NDJSON file of a finished bulk export (the manifest's URLs), behind the export's token.",
        params: ZExportFile,
      },
    },
    async (request, reply) => {
      const client = requireMachineClient(request);
      const path = await bulk.filePath(client.clientId, request.params.id, request.params.file, clock.now());
      if (path === null) {
        throw new AppError('NOT_FOUND', 'errors.fhir.noSuchResource', { values: { resourceType: 'file' } });
      }
      await audit(clientActor(client), request.ip, { file: request.params.file });
      return reply
        .header('content-type', 'application/fhir+ndjson')
        .header('cache-control', 'no-store')
        .send(createReadStream(path));
    },
  );
}
