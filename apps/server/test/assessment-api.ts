import type { TAssessmentDetails, TAssessmentList, TCreateAssessmentRequest } from '@pid5/contract';
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
