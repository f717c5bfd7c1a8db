import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@pid5/contract';
import { validCreateBody } from '../../test/assessment-api';
import { createSignedInClinician, type SignedInUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

// Errors a person reads come in the request's language (DESIGN.md "Languages"): the pid5_lang cookie, else
// Accept-Language, else English; the codes stay the same in every language.

let server: TestServer;
let clinician: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  clinician = await createSignedInClinician(server);
});
afterAll(async () => {
  await server.close();
});

const UNKNOWN_LINK = `/api/patient/${'A'.repeat(22)}`;

async function errorOf(response: Response): Promise<ApiErrorBody['error']> {
  return ((await response.json()) as ApiErrorBody).error;
}

describe('error messages in the request language', () => {
  it('answers an AppError in German with Accept-Language: de, in English otherwise, with the same code', async () => {
    const german = await server.client().get(UNKNOWN_LINK, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(german.status).toBe(404);
    expect(await errorOf(german)).toEqual({
      code: 'LINK_NOT_FOUND',
      message:
        'Dieser Link ist ungültig. Bitte prüfen Sie ihn, oder bitten Sie Ihre Behandlerin oder Ihren Behandler um einen neuen Link.',
    });
    const english = await server.client().get(UNKNOWN_LINK, { headers: { 'accept-language': 'fr-FR' } });
    expect(await errorOf(english)).toEqual({
      code: 'LINK_NOT_FOUND',
      message: 'This link is not valid. Please check it, or ask your clinician for a new link.',
    });
  });

  it("answers the contract's validation messages in German, field by field", async () => {
    const response = await clinician.client.post(
      '/api/assessments',
      await validCreateBody(server, { age: 12, country: 'Atlantis' }),
      { headers: { 'accept-language': 'de' } },
    );
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toMatchObject({
      age: 'Der PID-5 ist ein Selbstbeurteilungsbogen für Erwachsene: Die Person muss mindestens 18 Jahre alt sein',
      country: 'Bitte wählen Sie ein Land aus der Liste',
    });
    expect(error.message).toBe(`Bitte prüfen Sie age: ${error.fields?.age}`);
  });

  it('follows the pid5_lang cookie over Accept-Language, for malformed JSON too', async () => {
    clinician.client.setCookie('pid5_lang', 'de');
    try {
      const response = await clinician.client.post('/api/assessments', undefined, {
        body: '{ not json',
        headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toEqual({
        code: 'MALFORMED_JSON',
        message: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
      });
    } finally {
      clinician.client.setCookie('pid5_lang', 'en');
    }
  });
});
