import { ACCEPTED_SCOPES, ASSERTION_ALGORITHMS } from '../../identity/system-clients';
import { PRODUCT_NAME } from './fhir-bundle';
import { BULK_EXPORT_HOURS } from './fhir-bulk-export-folder';
import { MAX_SEARCH_COUNT } from './fhir-search';

// What the FHIR read API says about itself (DESIGN.md "FHIR"): the CapabilityStatement at `metadata`, listing exactly
// the interactions and search parameters the routes serve, and the SMART configuration naming the token endpoint.

const SMART_OAUTH_URIS = 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris';

/** The patient as the spec's reference parameters take an identifier: with the `:identifier` modifier only. */
const patientParam = (name: 'patient' | 'subject') => ({
  name,
  type: 'reference',
  documentation:
    `Only as ${name}:identifier (a token): the institute's patient identifier, \`system|value\` (system = ` +
    'FHIR_PATIENT_ID_SYSTEM) or the bare value, across all clinicians. This server serves no Patient resources, so ' +
    `a plain ${name} (a reference) is refused with 400. One of patient:identifier or subject:identifier is required.`,
});
const PATIENT_PARAMS = [patientParam('patient'), patientParam('subject')];

const PAGING =
  `Searches by GET or by POST [type]/_search (form-encoded). Paging: _count (1-${MAX_SEARCH_COUNT}, default 50) ` +
  "and the next link's signed _cursor (an altered one, or one from another search, is 400); any other parameter is " +
  'refused with 400. Answers are application/fhir+json only: another Accept is 406.';

export function buildCapabilityStatement(options: {
  /** Where the API answers (PUBLIC_URL/fhir/R4). */
  serviceBase: string;
  tokenUrl: string;
  productVersion: string;
  now: Date;
}) {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: options.now.toISOString(),
    publisher: PRODUCT_NAME,
    kind: 'instance',
    software: { name: PRODUCT_NAME, version: options.productVersion },
    implementation: {
      description: 'PID-5 results as FHIR R4: read API for machine clients (SMART Backend Services)',
      url: options.serviceBase,
    },
    instantiates: ['http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data'],
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        documentation: PAGING,
        security: {
          extension: [{ url: SMART_OAUTH_URIS, extension: [{ url: 'token', valueUri: options.tokenUrl }] }],
          service: [
            {
              coding: [
                { system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' },
              ],
            },
          ],
          description:
            'OAuth 2.0 client credentials (SMART Backend Services): a registered client gets a 5-minute bearer token ' +
            `from the token endpoint with private_key_jwt (${ASSERTION_ALGORITHMS.join(', ')}) or client_secret_basic; ` +
            `scopes ${ACCEPTED_SCOPES.join(', ')} (SMART v1 .read and v2 .rs: the same grant). Questionnaire, CodeSystem and this statement need no token.`,
        },
        resource: [
          {
            type: 'Observation',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [
              ...PATIENT_PARAMS,
              {
                name: 'code',
                type: 'token',
                documentation:
                  'A scale or validity code, `system|code` or `code` (comma-separated: any of them), from the ' +
                  'pid5-scales and pid5-validity code systems.',
              },
            ],
          },
          {
            type: 'QuestionnaireResponse',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: PATIENT_PARAMS,
          },
          { type: 'Questionnaire', interaction: [{ code: 'read' }] },
          { type: 'CodeSystem', interaction: [{ code: 'read' }] },
        ],
        operation: [
          {
            name: 'export',
            definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export',
            documentation:
              'System-level Bulk Data export (GET [base]/$export, Prefer: respond-async): every submitted test as ' +
              'NDJSON per type (Questionnaire, QuestionnaireResponse, Observation, Provenance); _type, _since, ' +
              `_outputFormat (NDJSON). Needs system/Observation.read, and system/QuestionnaireResponse.read for the ` +
              `answers. The files are kept ${BULK_EXPORT_HOURS} hours after the export finishes, or until DELETE of ` +
              'the status URL. System level only: Patient/$export and Group/[id]/$export are not offered (this ' +
              'server serves no Patient or Group resources, and a system export already holds every patient the ' +
              'client may read).',
          },
        ],
      },
    ],
  };
}

/** `/.well-known/smart-configuration` (SMART App Launch 2.0, as Backend Services uses it): the token endpoint. */
export function buildSmartConfiguration(options: { tokenUrl: string }) {
  return {
    token_endpoint: options.tokenUrl,
    token_endpoint_auth_methods_supported: ['private_key_jwt', 'client_secret_basic'],
    token_endpoint_auth_signing_alg_values_supported: [...ASSERTION_ALGORITHMS],
    grant_types_supported: ['client_credentials'],
    scopes_supported: [...ACCEPTED_SCOPES],
    capabilities: ['client-confidential-asymmetric', 'client-confidential-symmetric', 'permission-v1', 'permission-v2'],
  };
}
