import {
  FORM_ITEM_COUNTS,
  displayCountry,
  isCountryCode,
  type TAssessmentDetails,
  type TAssessmentListItem,
  type ViewMode,
} from '@pid5/contract';
import { linkCodeOf, type LinkCodes } from '../../lib/link-codes';
import type { DiagnosisCatalogue } from '../diagnoses/diagnosis-catalogue';
import { assessmentStatus, extendedDueAt, extensionLimit, extensionRefusal, isExpired } from './assessment-lifecycle';
import type { AssessmentListRow, AssessmentWithClinician } from './assessments.repo';

/** The patient's link (DESIGN.md "Roles and identity"): the random code, never the row id. */
export function testLinkFor(publicUrl: string, testCode: string): string {
  return `${publicUrl}/test/${encodeURIComponent(testCode)}`;
}

/** A dashboard row; the clinician is named only in the admin view (docs/product-spec.md §2: the Clinician column). */
export function presentListItem(row: AssessmentListRow, view: ViewMode, now: Date): TAssessmentListItem {
  const a = row.assessment;
  return {
    id: a.id,
    patientId: a.patientId,
    form: a.form,
    language: a.language,
    answeredCount: a.answeredCount,
    createdAt: a.createdAt.toISOString(),
    dueAt: a.dueAt.toISOString(),
    finishedAt: a.finishedAt?.toISOString() ?? null,
    status: assessmentStatus(a, now),
    clinician: view === 'admin' ? { id: a.clinicianId, username: row.clinicianName } : null,
  };
}

const emptyToNull = (value: string | null | undefined) => (value && value.trim() !== '' ? value : null);

/** The details screen (docs/product-spec.md §2, clinician and admin views). No internal fields: no code hash, terms or scores. */
export function presentDetails(
  row: AssessmentWithClinician,
  options: {
    view: ViewMode;
    /** A colleague reading a shared patient: no test link, which is the patient's credential to answer. */
    isShared?: boolean;
    publicUrl: string;
    now: Date;
    catalogue: DiagnosisCatalogue;
    linkCodes: LinkCodes;
  },
): TAssessmentDetails {
  const a = row.assessment;
  // Primary first, then the others in the order they were chosen.
  const codes = [...a.dsmCodes].sort((x, y) => Number(y === a.primaryDsm) - Number(x === a.primaryDsm));
  return {
    id: a.id,
    patientId: a.patientId,
    testLink: options.isShared ? null : testLinkFor(options.publicUrl, linkCodeOf(a, options.linkCodes)),
    form: a.form,
    itemCount: FORM_ITEM_COUNTS[a.form],
    language: a.language,
    answeredCount: a.answeredCount,
    createdAt: a.createdAt.toISOString(),
    dueAt: a.dueAt.toISOString(),
    finishedAt: a.finishedAt?.toISOString() ?? null,
    consentAgreedAt: a.consentAgreedAt?.toISOString() ?? null,
    isExpired: isExpired(a, options.now),
    extension: {
      dueAt: extendedDueAt(a, options.now)?.toISOString() ?? null,
      refusal: extensionRefusal(a, options.now),
      limit: extensionLimit(a).toISOString(),
    },
    age: a.age,
    gender: emptyToNull(a.gender),
    race: emptyToNull(a.race),
    postalCode: emptyToNull(a.postalCode),
    country: emptyToNull(displayCountry(a.country)),
    countryCode: isCountryCode(a.country) ? a.country : null,
    diagnoses: codes.map((code) => ({
      code,
      description: options.catalogue.find(code)?.description ?? null,
      isPrimary: code === a.primaryDsm,
    })),
    primaryDsm: emptyToNull(a.primaryDsm),
    clinician: options.view === 'admin' ? { id: a.clinicianId, username: row.clinicianName } : null,
    view: options.view,
  };
}
