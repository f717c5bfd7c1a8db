import {
  countriesWithFirst,
  countryName,
  type AssessmentForm,
  type AssessmentSort,
  type AssessmentStatusFilter,
  type Country,
  type Gender,
  type Race,
  type TAuditAction,
} from '@pid5/contract';
import type { Language } from '@pid5/i18n';
import type { StaffKey } from './staff-language';

// The staff pages' names for the contract's choices (forms, sorts, status filters); the contract's own English
// labels stay for the server's CSV and logs.

/** A form's names: 'Full (220 items)', 'Full', 'about 30-40 minutes' and what it measures. */
export const FORM_TEXT: Record<
  AssessmentForm,
  { label: StaffKey; short: StaffKey; minutes: StaffKey; description: StaffKey }
> = {
  FULL: {
    label: 'form.FULL.label',
    short: 'form.FULL.short',
    minutes: 'form.FULL.minutes',
    description: 'form.FULL.description',
  },
  SF: {
    label: 'form.SF.label',
    short: 'form.SF.short',
    minutes: 'form.SF.minutes',
    description: 'form.SF.description',
  },
  BF: {
    label: 'form.BF.label',
    short: 'form.BF.short',
    minutes: 'form.BF.minutes',
    description: 'form.BF.description',
  },
  BFM: {
    label: 'form.BFM.label',
    short: 'form.BFM.short',
    minutes: 'form.BFM.minutes',
    description: 'form.BFM.description',
  },
};

export const SORT_TEXT: Record<AssessmentSort, StaffKey> = {
  'answered-asc': 'dashboard.sort.answeredAsc',
  'answered-desc': 'dashboard.sort.answeredDesc',
  'created-asc': 'dashboard.sort.createdAsc',
  'created-desc': 'dashboard.sort.createdDesc',
};

export const STATUS_FILTER_TEXT: Record<AssessmentStatusFilter, StaffKey> = {
  all: 'dashboard.status.all',
  'not-started': 'dashboard.status.notStarted',
  'in-progress': 'dashboard.status.inProgress',
  completed: 'dashboard.status.completed',
  expired: 'dashboard.status.expired',
};

/** The Create Test choices' names; the value sent and stored stays the contract's. */
export const GENDER_TEXT: Record<Gender, StaffKey> = {
  Male: 'gender.Male',
  Female: 'gender.Female',
  Diverse: 'gender.Diverse',
  Unspecified: 'gender.Unspecified',
};

/** A stored choice (gender, race) by its name in the page's language; a value the list does not know as it is. */
export function choiceName(
  value: string | null,
  names: Readonly<Record<string, StaffKey>>,
  t: (key: StaffKey) => string,
): string | null {
  return value !== null && Object.hasOwn(names, value) ? t(names[value]!) : value;
}

export const RACE_TEXT: Record<Race, StaffKey> = {
  Unspecified: 'race.Unspecified',
  Caucasian: 'race.Caucasian',
  'African American': 'race.AfricanAmerican',
  'Hispanic or Latino': 'race.HispanicOrLatino',
  Asian: 'race.Asian',
  'Native American': 'race.NativeAmerican',
  'Pacific Islander': 'race.PacificIslander',
  'Mixed Race': 'race.MixedRace',
  Other: 'race.Other',
};

/** A country's name in the page's language; English is the contract's name. */
export function countryNameIn(code: string, language: Language): string {
  const english = countryName(code) ?? code;
  if (language === 'en') {
    return english;
  }
  return new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code) ?? english;
}

/**
 * The Create Test country list in the page's language (the browser knows every region's name), the institute's default
 * first, the others by name. English keeps the contract's names, which the server's country search also matches.
 */
export function countryChoices(first: string, language: Language): Country[] {
  const countries = countriesWithFirst(first);
  if (language === 'en') {
    return countries;
  }
  const named = countries.map((country) => ({ ...country, name: countryNameIn(country.code, language) }));
  const rest = named.filter((country) => country.code !== first).sort((a, b) => a.name.localeCompare(b.name, language));
  return [...named.filter((country) => country.code === first), ...rest];
}

/** What each audit event was, as the audit log lists it. */
export const AUDIT_ACTION_TEXT: Record<TAuditAction, StaffKey> = {
  login: 'auditAction.login',
  logout: 'auditAction.logout',
  'assessment.create': 'auditAction.assessmentCreate',
  'assessment.view': 'auditAction.assessmentView',
  'assessment.results': 'auditAction.assessmentResults',
  'assessment.report': 'auditAction.assessmentReport',
  'assessment.export': 'auditAction.assessmentExport',
  'assessment.extend': 'auditAction.assessmentExtend',
  'assessment.consent': 'auditAction.assessmentConsent',
  'assessment.language': 'auditAction.assessmentLanguage',
  'assessment.submit': 'auditAction.assessmentSubmit',
  'assessment.history': 'auditAction.assessmentHistory',
  'assessment.refused': 'auditAction.assessmentRefused',
  'patient.timeline': 'auditAction.patientTimeline',
  'patient.compare': 'auditAction.patientCompare',
  'patient.export': 'auditAction.patientExport',
  'patient.share': 'auditAction.patientShare',
  'patient.unshare': 'auditAction.patientUnshare',
  'patient.shared': 'auditAction.patientShared',
  'patient.erase': 'auditAction.patientErase',
  'credits.grant': 'auditAction.creditsGrant',
  'credits.sync': 'auditAction.creditsSync',
  'fhir.search': 'auditAction.fhirSearch',
  'message.queued': 'auditAction.messageQueued',
  'message.sent': 'auditAction.messageSent',
  'message.failed': 'auditAction.messageFailed',
  'message.unknown': 'auditAction.messageUnknown',
  'message.bounced': 'auditAction.messageBounced',
  'message.cancelled': 'auditAction.messageCancelled',
  'message.reminders': 'auditAction.messageReminders',
  'message.opt-out': 'auditAction.messageOptOut',
  'settings.update': 'auditAction.settingsUpdate',
  'retest.start': 'auditAction.retestStart',
  'retest.update': 'auditAction.retestUpdate',
  'retest.run': 'auditAction.retestRun',
};
