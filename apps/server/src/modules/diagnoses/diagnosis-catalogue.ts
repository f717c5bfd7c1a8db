import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ZDiagnosis, matchesDiagnosis, type TDiagnosis } from '@pid5/contract';

/**
 * The diagnosis catalogue (DESIGN.md §3): the ICD-10-CM codes used in DSM-5-TR with their official
 * (public-domain) ICD-10-CM titles, shipped as versioned data; see data/diagnoses.SOURCE.md.
 * Bump the version when the file changes.
 */
export const DIAGNOSIS_CATALOGUE_VERSION = 'icd10cm-fy2027-dsm5tr-1';

const CATALOGUE_FILE = new URL('../../data/diagnoses.json', import.meta.url);

export interface DiagnosisCatalogue {
  readonly version: string;
  readonly items: readonly TDiagnosis[];
  find(code: string): TDiagnosis | undefined;
  search(query: string): TDiagnosis[];
}

export function buildDiagnosisCatalogue(
  items: TDiagnosis[],
  version = DIAGNOSIS_CATALOGUE_VERSION,
): DiagnosisCatalogue {
  const byCode = new Map(items.map((item) => [item.code, item]));
  if (byCode.size !== items.length) {
    throw new Error('The diagnosis catalogue lists a code twice');
  }
  return {
    version,
    items,
    find: (code) => byCode.get(code),
    search: (query) => items.filter((item) => matchesDiagnosis(item, query)),
  };
}

/** Reads and validates the shipped catalogue; the composition root does it once at start-up and hands it down. */
export function loadDiagnosisCatalogue(): DiagnosisCatalogue {
  return buildDiagnosisCatalogue(z.array(ZDiagnosis).parse(JSON.parse(readFileSync(CATALOGUE_FILE, 'utf8'))));
}
