import { DOMAINS, FACETS } from '@pid5/instrument';
import {
  ASSESSMENTS_PAGE_SIZE,
  type TAdminUser,
  type TAnswerChange,
  type TAnswerHistory,
  type TAssessmentDetails,
  type TAssessmentList,
  type TAssessmentListItem,
  type TAssessmentResults,
  type TAuditEvent,
  type TCreditEntry,
  type TCredits,
  type TMe,
  type TNormSetDescription,
  type TValidityVerdict,
} from '@pid5/contract';

// Answers of the stand-in server, typed as the contract's responses. Each takes overrides for what a test is about.

export const CLINICIAN: TMe = {
  id: 'u-clinician',
  username: 'Dr Clinician',
  email: 'clinician@example.org',
  photoUrl: null,
  role: 'user',
  viewMode: 'clinician',
  institute: {
    testsStoreUrl: null,
    defaultCountry: 'US',
    testLanguages: ['en', 'de'],
    defaultTestLanguage: 'en',
    demonstrationItemsInProduction: false,
  },
};

export const ADMIN: TMe = {
  id: 'u-admin',
  username: 'Ada Admin',
  email: 'admin@example.org',
  photoUrl: null,
  role: 'admin',
  viewMode: 'admin',
  institute: {
    testsStoreUrl: null,
    defaultCountry: 'US',
    testLanguages: ['en', 'de'],
    defaultTestLanguage: 'en',
    demonstrationItemsInProduction: false,
  },
};

const CREATED_AT = '2026-03-02T10:00:00.000Z';
const DUE_AT = '2026-04-01T10:00:00.000Z';

export function anAssessmentListItem(overrides: Partial<TAssessmentListItem> = {}): TAssessmentListItem {
  return {
    id: 1,
    patientId: 'PAT-1',
    form: 'FULL',
    language: 'en',
    answeredCount: 0,
    createdAt: CREATED_AT,
    dueAt: DUE_AT,
    finishedAt: null,
    status: 'in-progress',
    clinician: null,
    ...overrides,
  };
}

/** One page of the dashboard; `total` defaults to the items given. */
export function anAssessmentList(
  items: TAssessmentListItem[],
  overrides: Partial<TAssessmentList> = {},
): TAssessmentList {
  const total = overrides.total ?? items.length;
  return {
    items,
    page: 1,
    pageCount: Math.max(1, Math.ceil(total / ASSESSMENTS_PAGE_SIZE)),
    total,
    pageSize: ASSESSMENTS_PAGE_SIZE,
    view: 'clinician',
    ...overrides,
  };
}

export function someCredits(available: number): TCredits {
  return { available, purchased: available, used: 0, ledger: [], defaultForm: 'FULL' };
}

export function anAssessmentDetails(overrides: Partial<TAssessmentDetails> = {}): TAssessmentDetails {
  return {
    id: 7,
    patientId: 'PAT-7',
    testLink: 'http://localhost:3000/test/AAAAAAAAAAAAAAAAAAAAAA',
    form: 'FULL',
    itemCount: 220,
    language: 'en',
    answeredCount: 12,
    createdAt: CREATED_AT,
    dueAt: DUE_AT,
    finishedAt: null,
    consentAgreedAt: CREATED_AT,
    isExpired: false,
    extension: { dueAt: null, refusal: 'not-yet', limit: '2026-06-30T10:00:00.000Z' },
    age: 34,
    gender: 'Female',
    race: 'Asian',
    postalCode: '12345',
    country: 'Canada',
    countryCode: 'CA',
    diagnoses: [{ code: 'F41.1', description: 'Generalized anxiety disorder', isPrimary: true }],
    primaryDsm: 'F41.1',
    clinician: null,
    view: 'clinician',
    ...overrides,
  };
}

function aNormSet(field: 'srf' | 'irf', shortLabel: string): TNormSetDescription {
  return {
    field,
    id: field,
    version: '1',
    shortLabel,
    label: shortLabel,
    source: 'test',
    citation: 'test',
    sampleN: null,
    note: `How the ${shortLabel} z scores were obtained.`,
  };
}

/** A valid protocol's verdict; pass another for the flagged cases. */
export function aVerdict(overrides: Partial<TValidityVerdict> = {}): TValidityVerdict {
  return {
    verdict: 'valid',
    label: 'Valid',
    summary: 'Valid: no sign of inconsistent, exaggerated or overly favourable answering.',
    action: 'Interpret the profile as usual.',
    patientFacingLevels: 'show',
    reasons: [],
    notes: ['All 220 statements were answered.'],
    rule: 'The verdict is the most serious reason found.',
    ...overrides,
  };
}

/** A not-interpretable verdict: inconsistent answers. */
export function anInconsistentVerdict(): TValidityVerdict {
  return aVerdict({
    verdict: 'not-interpretable',
    label: 'Not interpretable',
    summary: 'Not interpretable: inconsistent answers (INC 25; 17 or more is inconsistent).',
    action:
      'Do not interpret or share the trait profile. Discuss with the patient how the questionnaire was answered and consider re-testing.',
    patientFacingLevels: 'withhold',
    reasons: [
      {
        code: 'INCONSISTENT',
        severity: 'not-interpretable',
        text: 'Score 25, at or above the cut-off of 17.',
        short: 'inconsistent answers (INC 25; 17 or more is inconsistent)',
        action: 'Do not interpret the trait scores.',
      },
    ],
  });
}

/** Results with every facet and domain of the instrument scored 1.25 (z 0.5, T 55 at the 76th percentile, no level). */
export function someResults(overrides: Partial<TAssessmentResults> = {}): TAssessmentResults {
  const scale = {
    isScored: true,
    score: 1.25,
    srf: 0.5,
    irf: 0.25,
    level: null,
    us: {
      t: 55,
      percentile: 0.76,
      printedRaw: 1.25,
      capped: null,
      tText: '55',
      percentileText: '76',
      levelStarts: { Mild: 60, Moderate: 67, High: 74 },
    },
    levelDescription:
      'Not elevated: as high as or higher than the scores of about 76 % of the adults in the US norm sample.',
  };
  return {
    assessmentId: 7,
    status: 'completed',
    scoresSource: 'frozen',
    finishedAt: DUE_AT,
    answered: 220,
    missing: 0,
    responses: '1'.repeat(220),
    form: 'FULL',
    formName: 'Full form (PID-5, 220 items)',
    itemCount: 220,
    total: null,
    instrument: { name: 'PID-5', form: 'adult self-report', version: 'test' },
    normsVersion: 'test',
    norms: { srf: aNormSet('srf', 'US general population'), irf: aNormSet('irf', 'German general population') },
    normTables: {
      id: 'US-Markon2024',
      version: 'test',
      label: 'US general population (Markon, Fossati, Somma & Krueger 2024)',
      source: 'Markon, Fossati, Somma & Krueger (2024), Appendix Tables A-1 to A-9',
      sample: 'U.S. Census-matched panel, N = 995',
    },
    tMiddleShare: { median: 0.715, lowest: 0.62, highest: 0.86 },
    itemSet: { id: 'demo-en-1', title: 'Demonstration items', isDemo: true, language: 'en' },
    levelCutoffs: [
      { level: 'Mild', atLeast: 0.84 },
      { level: 'Moderate', atLeast: 0.93 },
      { level: 'High', atLeast: 0.98 },
    ],
    validityVerdict: aVerdict(),
    facets: FACETS.map((facet) => ({
      ...scale,
      key: facet.key,
      name: facet.name,
      domain: facet.domain,
      nItems: facet.nItems,
      answered: facet.nItems,
      missing: 0,
      maxMissing: facet.maxMissingItemsForScoring,
    })),
    domains: DOMAINS.map((domain) => ({
      ...scale,
      key: domain.key,
      name: domain.name,
      facets: [...domain.facets],
      unscoredFacets: [],
    })),
    validity: { missing: 0, unscoredFacets: [], scales: [], summary: aVerdict().summary },
    ...overrides,
  };
}

/** One change of an answer: item 1 first answered 2 through the patient link's first browser. */
export function anAnswerChange(overrides: Partial<TAnswerChange> = {}): TAnswerChange {
  return { item: 1, from: null, to: 2, at: '2026-03-10T09:00:00.000Z', user: null, browser: 1, ...overrides };
}

/** A test's answer history (newest first), all of it shown. */
export function anAnswerHistory(items: TAnswerChange[]): TAnswerHistory {
  return { items, total: items.length };
}

export function anAdminUser(overrides: Partial<TAdminUser> = {}): TAdminUser {
  return {
    id: 'u-clinician',
    username: 'Dr Clinician',
    email: 'clinician@example.org',
    role: 'user',
    isDisabled: false,
    purchased: 3,
    used: 1,
    available: 2,
    ...overrides,
  };
}

export function aCreditEntry(overrides: Partial<TCreditEntry> = {}): TCreditEntry {
  return {
    id: 1,
    clinician: { id: 'u-clinician', username: 'Dr Clinician' },
    source: 'admin',
    quantity: 3,
    note: 'Invoice 17',
    createdAt: CREATED_AT,
    createdBy: { id: 'u-admin', username: 'Ada Admin' },
    ...overrides,
  };
}

/** A page of a list the admin screens show (ledger, audit log): `pageCount` defaults to 1. */
export function aPage<T>(items: T[], overrides: { page?: number; pageCount?: number; total?: number } = {}) {
  return { items, page: 1, pageCount: 1, total: items.length, ...overrides };
}

export function anAuditEvent(overrides: Partial<TAuditEvent> = {}): TAuditEvent {
  return {
    id: 1,
    at: CREATED_AT,
    actor: 'u-clinician',
    actorName: 'Dr Clinician',
    action: 'assessment.view',
    assessmentId: 7,
    ip: '203.0.113.5',
    details: { view: 'clinician' },
    ...overrides,
  };
}
