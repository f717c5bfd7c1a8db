import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from './app-config';
import type { ParsedEnv } from './env-schema';

// The FHIR export and read API: our canonical URLs, the institute's patient identifiers, the machine clients and the
// Bulk Data export's folder.

export function fhirProblems(e: ParsedEnv, isProduction: boolean): string[] {
  // The FHIR export writes its canonical URLs (code systems, questionnaires) into receivers' records, where they stay:
  // in production they are never the development default http://localhost:PORT.
  return isProduction && !e.FHIR_CANONICAL_BASE && !e.PUBLIC_URL
    ? [
        'PUBLIC_URL or FHIR_CANONICAL_BASE: required in production (the FHIR export writes its canonical URLs into receivers\u2019 records, and http://localhost would stay there)',
      ]
    : [];
}

export function fhirConfig(e: ParsedEnv, publicUrl: string): Pick<AppConfig, 'fhir' | 'fhirClients' | 'fhirExportDir'> {
  return {
    fhir: {
      canonicalBase: (e.FHIR_CANONICAL_BASE ?? `${publicUrl}/fhir/R4`).replace(/\/$/, ''),
      patientIdSystem: e.FHIR_PATIENT_ID_SYSTEM ?? `urn:pid5:${new URL(publicUrl).host}:patient-id`,
      canonicalBaseIsDefault: !e.FHIR_CANONICAL_BASE && !e.PUBLIC_URL,
    },
    fhirClients: e.FHIR_CLIENTS ?? null,
    fhirExportDir: e.FHIR_EXPORT_DIR ?? join(tmpdir(), 'pid5-fhir-exports'),
  };
}
