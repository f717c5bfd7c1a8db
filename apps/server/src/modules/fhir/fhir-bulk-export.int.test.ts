import { mkdtemp, readdir, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFormItemCount, scoreResponses } from '@pid5/instrument';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { fhirGet, keyClient, keyRegistration, tokenFor, type KeyClient } from '../../../test/fhir-clients';
import { fhirContentProblems } from '../../../test/fhir-content-checks';
import { fhirErrors } from '../../../test/fhir-validation';
import { startTestServer, type TestServer } from '../../../test/test-server';

// FHIR Bulk Data export over real HTTP on the real database and job queue: a client holding only a token kicks the
// export off, polls its status to completion, downloads the files, and resolves every reference in them by GET.

const ALL = 'system/Observation.read system/QuestionnaireResponse.read';

let server: TestServer;
let owner: SignedInUser;
let ehr: KeyClient;
let scoresOnly: KeyClient;
let other: KeyClient;
let exportDir: string;

beforeAll(async () => {
  ehr = await keyClient('bulk-ehr');
  scoresOnly = await keyClient('bulk-scores');
  other = await keyClient('bulk-other');
  exportDir = await mkdtemp(join(tmpdir(), 'pid5-bulk-test-'));
  server = await startTestServer({
    env: {
      FHIR_EXPORT_DIR: exportDir,
      FHIR_CLIENTS: JSON.stringify([
        keyRegistration(ehr, ['system/Observation.read', 'system/QuestionnaireResponse.read']),
        keyRegistration(scoresOnly, ['system/Observation.read']),
        keyRegistration(other, ['system/Observation.read', 'system/QuestionnaireResponse.read']),
      ]),
    },
  });
  owner = await createSignedInClinician(server, 'bulk-owner');
  for (const [form, seed] of [
    ['FULL', 1],
    ['SF', 2],
    ['BF', 3],
  ] as const) {
    const responses = Array.from({ length: getFormItemCount(form) }, (_, i) => String((i * 3 + seed) % 4)).join('');
    await insertAssessment(server, {
      clinicianId: owner.id,
      patientId: `BULK-${form}`,
      form,
      responses,
      consented: true,
      finishedAt: server.clock.now(),
      scores: scoreResponses(responses, { form }),
    });
  }
  await insertAssessment(server, { clinicianId: owner.id, patientId: 'BULK-OPEN', consented: true });
});
afterAll(async () => {
  await server?.close();
  await rm(exportDir, { recursive: true, force: true });
});

const base = () => `${server.config.publicUrl}/fhir/R4`;

function kickOff(token: string, query = '', prefer: string | null = 'respond-async') {
  return fetch(`${base()}/$export${query}`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/fhir+json',
      ...(prefer === null ? {} : { prefer }),
    },
  });
}

interface Manifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string; count: number }[];
  error: unknown[];
}

/** Polls the status URL as a client would, until the manifest (at most 30 s). */
async function poll(statusUrl: string, token: string): Promise<{ manifest: Manifest; progress: string[] }> {
  const progress: string[] = [];
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const response = await fetch(statusUrl, { headers: { authorization: `Bearer ${token}` } });
    if (response.status === 200) {
      expect(response.headers.get('expires')).not.toBeNull();
      return { manifest: (await response.json()) as Manifest, progress };
    }
    expect(response.status, await response.clone().text()).toBe(202);
    progress.push(response.headers.get('x-progress') ?? '');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export did not finish');
}

async function exportNow(token: string, query = '') {
  const response = await kickOff(token, query);
  expect(response.status, await response.clone().text()).toBe(202);
  const statusUrl = response.headers.get('content-location')!;
  expect(statusUrl).toMatch(new RegExp(`^${base().replace(/[.$]/g, '\\$&')}/\\$export-status/[0-9a-f-]{36}$`));
  return { statusUrl, ...(await poll(statusUrl, token)) };
}

describe('FHIR Bulk Data $export', () => {
  it('kick-off, poll, download the NDJSON files per type, and resolve every reference in them by GET', async () => {
    const token = await tokenFor(server, ehr, ALL);
    const { manifest, progress } = await exportNow(token);
    expect(progress.every((p) => /^(queued|\d+ of \d+ tests)$/.test(p))).toBe(true);
    expect(manifest.requiresAccessToken).toBe(true);
    expect(manifest.request).toBe(`${base()}/$export`);
    expect(manifest.output.map((o) => o.type)).toEqual([
      'Questionnaire',
      'QuestionnaireResponse',
      'Observation',
      'Provenance',
    ]);

    const resources: { resourceType: string; id: string }[] = [];
    for (const output of manifest.output) {
      expect((await fetch(output.url)).status, 'the files need the token').toBe(401);
      const response = await fetch(output.url, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/fhir+ndjson');
      const lines = (await response.text()).split('\n');
      expect(lines.pop()).toBe('');
      expect(lines).toHaveLength(output.count);
      for (const line of lines) {
        const resource = JSON.parse(line) as { resourceType: string; id: string };
        expect(resource.resourceType).toBe(output.type);
        expect(fhirErrors(resource), line.slice(0, 100)).toEqual([]);
        resources.push(resource);
      }
    }
    const byType = (type: string) => resources.filter((r) => r.resourceType === type);
    expect(byType('QuestionnaireResponse')).toHaveLength(3);
    expect(byType('Provenance')).toHaveLength(3);
    expect(byType('Questionnaire')).toHaveLength(3);
    expect(JSON.stringify(resources)).not.toContain('BULK-OPEN');

    // Every reference names a line of the files, and reads by GET as that very resource.
    const ids = new Set(resources.map((r) => `${r.resourceType}/${r.id}`));
    expect(fhirContentProblems(resources, { settings: server.config.fhir, resolves: (ref) => ids.has(ref) })).toEqual(
      [],
    );
    const references = new Set(
      [...JSON.stringify(resources).matchAll(/"reference":"([^"]+)"/g)].map((match) => match[1]!),
    );
    expect(references.size).toBeGreaterThan(40);
    const lines = new Map(resources.map((r) => [`${r.resourceType}/${r.id}`, r]));
    for (const reference of references) {
      const response = await fetch(`${base()}/${reference}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, reference).toBe(200);
      expect(await response.json()).toEqual(lines.get(reference));
    }
  });

  it('_type and _since choose what is exported; a scores-only client gets no answers and may not ask for them', async () => {
    const token = await tokenFor(server, ehr, ALL);
    const observations = await exportNow(token, '?_type=Observation&_outputFormat=application/fhir%2Bndjson');
    expect(observations.manifest.output.map((o) => o.type)).toEqual(['Observation']);

    const later = new Date(server.clock.now().getTime() + 1000).toISOString();
    const none = await exportNow(token, `?_since=${encodeURIComponent(later)}`);
    expect(none.manifest.output).toEqual([]);

    const scores = await tokenFor(server, scoresOnly, 'system/Observation.read');
    const exported = await exportNow(scores);
    expect(exported.manifest.output.map((o) => o.type)).not.toContain('QuestionnaireResponse');
    expect((await kickOff(scores, '?_type=QuestionnaireResponse')).status).toBe(403);
  });

  it('refuses a kick-off without Prefer: respond-async, unsupported parameters, and another client its exports', async () => {
    const token = await tokenFor(server, ehr, ALL);
    for (const [query, prefer, pattern] of [
      ['', null, /Prefer: respond-async/],
      ['?_typeFilter=Observation%3Fcode%3DAnh', 'respond-async', /unsupported export parameter _typeFilter/],
      ['?_type=Patient', 'respond-async', /_type/],
      ['?_since=yesterday', 'respond-async', /_since/],
      ['?_outputFormat=text/csv', 'respond-async', /_outputFormat/],
    ] as const) {
      const response = await kickOff(token, query, prefer);
      expect(response.status, query).toBe(400);
      const outcome = (await response.json()) as { resourceType: string; issue: { diagnostics: string }[] };
      expect(outcome.resourceType).toBe('OperationOutcome');
      expect(outcome.issue[0]!.diagnostics).toMatch(pattern);
    }
    expect((await kickOff('not-a-token')).status).toBe(401);

    const { statusUrl, manifest } = await exportNow(token, '?_type=Provenance');
    const stranger = await tokenFor(server, other, ALL);
    expect((await fetch(statusUrl, { headers: { authorization: `Bearer ${stranger}` } })).status).toBe(404);
    expect((await fetch(manifest.output[0]!.url, { headers: { authorization: `Bearer ${stranger}` } })).status).toBe(
      404,
    );
  });

  it('DELETE removes the files at once; otherwise they expire, and the status says 404 after', async () => {
    const token = await tokenFor(server, ehr, ALL);
    const deleted = await exportNow(token, '?_type=Observation');
    const id = deleted.statusUrl.split('/').at(-1)!;
    expect(await readdir(exportDir)).toContain(id);
    const remove = await fetch(deleted.statusUrl, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(remove.status).toBe(202);
    expect(await readdir(exportDir)).not.toContain(id);
    expect((await fetch(deleted.statusUrl, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
    expect(
      (await fetch(deleted.manifest.output[0]!.url, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(404);

    const kept = await exportNow(token, '?_type=Provenance');
    server.clock.advance(7 * 3_600_000);
    const fresh = await tokenFor(server, ehr, ALL);
    expect((await fetch(kept.statusUrl, { headers: { authorization: `Bearer ${fresh}` } })).status).toBe(404);
    expect(await readdir(exportDir)).not.toContain(kept.statusUrl.split('/').at(-1));
  });

  it('DELETE while the export runs stops it, closes its files and leaves no folder behind', async () => {
    // Four batches of tests, so the run is still going when its first progress shows.
    const responses = Array.from({ length: getFormItemCount('BF') }, (_, i) => String(i % 4)).join('');
    const scores = scoreResponses(responses, { form: 'BF' });
    for (let i = 0; i < 160; i += 1) {
      await insertAssessment(server, {
        clinicianId: owner.id,
        patientId: `BULK-MANY-${i}`,
        form: 'BF',
        responses,
        consented: true,
        finishedAt: server.clock.now(),
        scores,
      });
    }
    server.clock.advance(1000);
    const token = await tokenFor(server, ehr, ALL);
    const response = await kickOff(token);
    expect(response.status).toBe(202);
    const statusUrl = response.headers.get('content-location')!;
    const id = statusUrl.split('/').at(-1)!;
    let progress = '';
    for (let attempt = 0; attempt < 3000 && !/^[1-9]\d* of /.test(progress); attempt += 1) {
      const status = await fetch(statusUrl, { headers: { authorization: `Bearer ${token}` } });
      expect(status.status, 'still running when deleted').toBe(202);
      progress = status.headers.get('x-progress') ?? '';
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(progress).toMatch(/^\d+ of 163 tests$/);
    const remove = await fetch(statusUrl, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(remove.status).toBe(202);

    // This process's worker takes one export at a time: when the next one is done, the deleted one has stopped.
    await exportNow(token, '?_type=Provenance');
    expect(await readdir(exportDir)).not.toContain(id);
    const open: string[] = [];
    for (const fd of await readdir('/proc/self/fd')) {
      const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
      if (target.startsWith(join(exportDir, id))) {
        open.push(target);
      }
    }
    expect(open, 'files of the deleted export still open').toEqual([]);
    expect((await fetch(statusUrl, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
  });

  it('metadata declares the export operation and the Bulk Data capability', async () => {
    const statement = (await (await fhirGet(server, '/fhir/R4/metadata')).json()) as {
      instantiates: string[];
      rest: { operation: { name: string; definition: string }[] }[];
    };
    expect(statement.instantiates).toContain('http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data');
    expect(statement.rest[0]!.operation).toContainEqual(
      expect.objectContaining({
        name: 'export',
        definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export',
        documentation: expect.stringMatching(
          /System level only: Patient\/\$export and Group\/\[id\]\/\$export are not offered/,
        ),
      }),
    );
    // As declared: no patient- or group-level kick-off (an OperationOutcome 404, not a silent system export).
    const token = await tokenFor(server, ehr, ALL);
    for (const path of ['/fhir/R4/Patient/$export', '/fhir/R4/Group/all/$export']) {
      const response = await fetch(`${server.config.publicUrl}${path}`, {
        headers: { authorization: `Bearer ${token}`, prefer: 'respond-async' },
      });
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { resourceType: string }).resourceType).toBe('OperationOutcome');
    }
  });
});
