import type {
  TAssessmentDetails,
  TAssessmentList,
  TCreateAssessmentRequest,
  TCreateAssessmentResponse,
  TPatientTest,
} from '@pid5/contract';
import type { SignedInUser } from './factories';
import type { TestClient } from './test-client';
import { findCurrentDocument } from '../src/modules/documents/documents.repo';
import type { TestServer } from './test-server';

// API helpers for the assessment, credits and audit integration tests.

/** An admin grants `quantity` tests to a user over the API. */
export async function grantOverApi(admin: SignedInUser, clinicianId: string, quantity: number, note?: string) {
  const response = await admin.client.post('/api/admin/credits', { clinicianId, quantity, note });
  if (response.status !== 201) {
    throw new Error(`grant failed: ${response.status} ${await response.text()}`);
  }
  return response;
}

export async function currentTermsId(server: TestServer): Promise<number> {
  const terms = await findCurrentDocument(server.database.db, 'terms');
  if (!terms) {
    throw new Error('no terms');
  }
  return terms.id;
}

export async function validCreateBody(
  server: TestServer,
  overrides: Partial<Record<keyof TCreateAssessmentRequest, unknown>> = {},
): Promise<Record<string, unknown>> {
  return {
    age: 34,
    gender: 'Female',
    race: 'Asian',
    country: 'United States',
    postalCode: '02139',
    patientId: 'PT-0001',
    dsmCodes: ['F41.1', 'F32.0'],
    primaryDsm: 'F41.1',
    termsId: await currentTermsId(server),
    ...overrides,
  };
}

export async function listOver(client: TestClient, query = ''): Promise<TAssessmentList> {
  const response = await client.get(`/api/assessments${query}`);
  if (response.status !== 200) {
    throw new Error(`list failed: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as TAssessmentList;
}

export async function detailsOver(client: TestClient, id: number): Promise<TAssessmentDetails> {
  const response = await client.get(`/api/assessments/${id}`);
  if (response.status !== 200) {
    throw new Error(`details failed: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as TAssessmentDetails;
}

export async function availableOver(client: TestClient): Promise<number> {
  return ((await (await client.get('/api/credits')).json()) as { available: number }).available;
}

/** `POST /api/assessments` by `user` with a valid body and `overrides`; the created test and its link code. */
export async function createTestOver(
  server: TestServer,
  user: SignedInUser,
  overrides: Partial<Record<keyof TCreateAssessmentRequest, unknown>> = {},
) {
  const response = await user.client.post('/api/assessments', await validCreateBody(server, overrides));
  if (response.status !== 201) {
    throw new Error(`create failed: ${response.status} ${await response.text()}`);
  }
  const created = (await response.json()) as TCreateAssessmentResponse;
  const code = decodeURIComponent(new URL(created.testLink).pathname.split('/').at(-1) ?? '');
  return { ...created, code };
}

/** A patient's browser on the link, consent accepted: the client and the test as the patient API answers it. */
export async function openAsPatientOver(
  server: TestServer,
  code: string,
): Promise<{ patient: TestClient; test: TPatientTest }> {
  const patient = server.client();
  const consent = (await (await patient.get(`/api/patient/${code}/consent`)).json()) as { id: number };
  const accepted = await patient.post(`/api/patient/${code}/consent`, { consentId: consent.id });
  if (accepted.status !== 200) {
    throw new Error(`consent failed: ${accepted.status} ${await accepted.text()}`);
  }
  return { patient, test: (await accepted.json()) as TPatientTest };
}
