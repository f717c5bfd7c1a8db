import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessments } from '../db/schema';
import { grantOverApi, validCreateBody } from '../../test/assessment-api';
import { createSignedInAdmin, createSignedInClinician } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { fhirGet, keyClient, keyRegistration, tokenFor, type KeyClient } from '../../test/fhir-clients';

// "No patient data in logs, at any level" (SECURITY.md). One server logs at trace level into
// memory while a whole journey runs with recognisable patient details: create, search, details, the patient answers
// and submits, a PDF with a printed name, the CSV, and statements the database refuses. Then the whole log is
// searched for those details.

const PATIENT_ID = 'ZQX-PATIENT-83517';
const COUNTRY = 'Zqxlandia';
const REPORT_NAME = 'Zqxia Roe-Marker';

let server: TestServer;
const logLines: string[] = [];

let machineClient: KeyClient;

beforeAll(async () => {
  machineClient = await keyClient('log-ehr');
  server = await startTestServer({
    env: {
      LOG_LEVEL: 'trace',
      FHIR_CLIENTS: JSON.stringify([keyRegistration(machineClient, ['system/Observation.read'])]),
    },
    logStream: { write: (line) => void logLines.push(line) },
  });
});

afterAll(async () => {
  await server?.close();
});

describe('the server log', () => {
  it('holds no patient id, printed name, patient details or link code after a whole journey at trace level', async () => {
    const admin = await createSignedInAdmin(server);
    const clinician = await createSignedInClinician(server);
    await grantOverApi(admin, clinician.id, 3);
    // The country is a code chosen from a list; the free-text COUNTRY rides on the refused requests
    // and on a stored row below.
    const body = await validCreateBody(server, { patientId: PATIENT_ID });

    const created = await clinician.client.post('/api/assessments', body);
    expect(created.status).toBe(201);
    const { id, testLink } = (await created.json()) as { id: number; testLink: string };
    const code = testLink.split('/test/')[1] ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const search = `/api/assessments?search=${encodeURIComponent(PATIENT_ID)}&sort=created-asc&page=1`;
    expect((await clinician.client.get(search)).status).toBe(200);
    expect((await clinician.client.get(`/api/assessments/${id}`)).status).toBe(200);

    const patient = server.client();
    expect((await patient.get(`/api/patient/${code}`)).status).toBe(200);
    const consent = (await (await patient.get(`/api/patient/${code}/consent`)).json()) as { id: number };
    expect((await patient.post(`/api/patient/${code}/consent`, { consentId: consent.id })).status).toBe(200);
    const answers = Array.from({ length: 220 }, (_, i) => ({ item: i + 1, value: i % 4 }));
    expect((await patient.post(`/api/patient/${code}/answers`, { answers })).status).toBe(200);
    expect((await patient.put(`/api/patient/${code}/answers/1`, { value: 2 })).status).toBe(200);
    expect((await patient.post(`/api/patient/${code}/submit`)).status).toBe(200);

    const pdf = await clinician.client.get(
      `/api/assessments/${id}/report.pdf?name=${encodeURIComponent(REPORT_NAME)}&tz=Europe%2FBerlin`,
    );
    expect(pdf.status).toBe(200);
    await pdf.arrayBuffer();
    const csv = await clinician.client.get('/api/assessments/export.csv');
    expect(await csv.text()).toContain(PATIENT_ID);
    // The FHIR exports, and a machine client's token and searches by the patient identifier (in the query).
    const ndjson = await clinician.client.get(`/api/assessments/export.fhir.ndjson?search=${PATIENT_ID}`);
    expect(await ndjson.text()).toContain(PATIENT_ID);
    expect((await clinician.client.get(`/api/assessments/${id}/patient/fhir`)).status).toBe(200);
    const token = await tokenFor(server, machineClient, 'system/Observation.read');
    for (const query of [
      `patient:identifier=${PATIENT_ID}`,
      `patient:identifier=urn%3Ax%7C${PATIENT_ID}&code=Anh`,
      `patient:identifier=${PATIENT_ID}&bad=1`,
      `patient=Patient/${PATIENT_ID}`,
    ]) {
      const search = await fhirGet(server, `/fhir/R4/Observation?${query}`, token);
      expect(search.status).toBeLessThan(500);
      await search.arrayBuffer();
    }

    // Requests the server refuses, each carrying the patient's details: malformed JSON, and a create whose text the
    // database cannot store (it must not reach the INSERT and fail there).
    const malformed = await clinician.client.fetch('/api/assessments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"patientId": "${PATIENT_ID}", "country": "${COUNTRY}"`,
    });
    expect(malformed.status).toBe(400);
    const refused = await clinician.client.post('/api/assessments', { ...body, country: `${COUNTRY}\u0000` });
    expect(refused.status).toBeLessThan(600);
    await refused.arrayBuffer();

    // A statement the database refuses, logged the way every handler logs an error: a duplicate link (unique
    // violation) with the patient's details among its parameters.
    const [stored] = await server.database.db.select().from(assessments).limit(1);
    const failure = await server.database.db
      .insert(assessments)
      .values({ ...stored!, id: undefined, patientId: PATIENT_ID, country: COUNTRY })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    server.running.app.log.error({ err: failure }, 'statement failed');

    const log = logLines.join('');
    for (const secret of [PATIENT_ID, COUNTRY, 'Zqxia', 'Roe-Marker', encodeURIComponent(REPORT_NAME), code]) {
      expect(log, `the log contains ${secret}`).not.toContain(secret);
    }
    // The log is not empty: it has every request of the journey and the failure (SQLSTATE 23505, its constraint).
    expect(log).toContain('incoming request');
    expect(log).toContain('/report.pdf?name=[redacted]&tz=[redacted]');
    expect(log).toContain('/api/assessments?search=[redacted]&sort=created-asc&page=1');
    expect(log).toContain('/api/patient/[code]/answers');
    expect(log).toContain('"code":"23505"');
    expect(log).toContain('assessments_test_code_hash_key');
  });
});
