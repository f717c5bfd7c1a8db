import { z } from 'zod';
import { ZDiagnosis, matchesDiagnosis, type TDiagnosis } from '@pid5/contract';
// Imported, not read from a path, so the production build carries it inside.
import diagnosesJson from '../../data/diagnoses.json' with { type: 'json' };

/**
 * The diagnosis catalogue (DESIGN.md "Data model"): the ICD-10-CM codes used in DSM-5-TR with their official
 * (public-domain) ICD-10-CM titles, shipped as versioned data; see data/diagnoses.SOURCE.md.
 * Bump the version when the file changes.
 */
export const DIAGNOSIS_CATALOGUE_VERSION = 'icd10cm-fy2027-dsm5tr-1';

export interface DiagnosisCatalogue {
  readonly version: string;
  readonly items: readonly TDiagnosis[];
  find(code: string): TDiagnosis | undefined;
  search(query: string): TDiagnosis[];
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** 'F02.80 [G30.9]' for '[G30.9] F02.80': the code itself first, then what is coded first. */
export function codeOrderKey(code: string): string {
  const match = /^\[([^\]]+)\]\s*(.+)$/.exec(code);
  return match ? `${match[2]} [${match[1]}]` : code;
}

export function buildDiagnosisCatalogue(
  items: TDiagnosis[],
  version = DIAGNOSIS_CATALOGUE_VERSION,
): DiagnosisCatalogue {
  const byCode = new Map(items.map((item) => [item.code, item]));
  if (byCode.size !== items.length) {
    throw new Error('The diagnosis catalogue lists a code twice');
  }
  // In code order, as ICD-10-CM's tabular list has them (the file is grouped by disorder, so the list
  // opened at F06.4). Codes are a letter, two digits and decimal places, so their text order is the tabular order;
  // a code with its etiological code first ('[G30.9] F02.80', DSM-5-TR's "code first") sorts by its own code.
  const inCodeOrder = [...items].sort((a, b) => compareText(codeOrderKey(a.code), codeOrderKey(b.code)));
  return {
    version,
    items: inCodeOrder,
    find: (code) => byCode.get(code),
    search: (query) => inCodeOrder.filter((item) => matchesDiagnosis(item, query)),
  };
}

/** Reads and validates the shipped catalogue; the composition root does it once at start-up and hands it down. */
export function loadDiagnosisCatalogue(): DiagnosisCatalogue {
  return buildDiagnosisCatalogue(z.array(ZDiagnosis).parse(diagnosesJson));
}
