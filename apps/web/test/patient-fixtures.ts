import type { TAdministrationComparison, TComparedScale, TPatientTimeline } from '@pid5/contract';

// Fixtures for the patient pages: a timeline and a comparison, typed by the contract.

export const COLLEAGUE = { id: 'user-colleague', username: 'dr-colleague' };

export function aPatientTimeline(overrides: Partial<TPatientTimeline> = {}): TPatientTimeline {
  return {
    patientId: 'PAT-7',
    owner: { id: 'user-clinician', username: 'clinician' },
    access: 'owner',
    administrations: [
      {
        id: 9,
        form: 'SF',
        createdAt: '2026-06-01T09:00:00.000Z',
        dueAt: '2026-07-01T09:00:00.000Z',
        finishedAt: null,
        status: 'in-progress',
        answeredCount: 40,
        validity: null,
      },
      {
        id: 7,
        form: 'FULL',
        createdAt: '2026-03-10T09:00:00.000Z',
        dueAt: '2026-04-09T09:00:00.000Z',
        finishedAt: '2026-03-20T10:00:00.000Z',
        status: 'completed',
        answeredCount: 220,
        validity: { verdict: 'valid', label: 'Valid', summary: 'No validity concern.' },
      },
      {
        id: 5,
        form: 'FULL',
        createdAt: '2025-12-01T09:00:00.000Z',
        dueAt: '2025-12-31T09:00:00.000Z',
        finishedAt: '2025-12-05T10:00:00.000Z',
        status: 'completed',
        answeredCount: 220,
        validity: { verdict: 'caution', label: 'Interpret with caution', summary: 'Possible over-reporting.' },
      },
    ],
    canShare: true,
    shares: [],
    colleagues: [COLLEAGUE],
    ...overrides,
  };
}

export function aComparedScale(overrides: Partial<TComparedScale> = {}): TComparedScale {
  return {
    key: 'Anx',
    name: 'Anxiousness',
    kind: 'facet',
    first: { score: 1.5, t: 62, percentile: 0.88, capped: null, levelStarts: { Mild: 60, Moderate: 67, High: 74 } },
    second: { score: 1, t: 55, percentile: 0.7, capped: null },
    scoreDifference: -0.5,
    tDifference: -7,
    reliableChange: null,
    noReliableChangeReason:
      'No published reliability for this scale on the full form was available to us, so the change is shown without a significance claim.',
    ...overrides,
  };
}

export function aComparison(overrides: Partial<TAdministrationComparison> = {}): TAdministrationComparison {
  return {
    patientId: 'PAT-7',
    first: {
      id: 5,
      form: 'SF',
      createdAt: '2025-12-01T09:00:00.000Z',
      finishedAt: '2025-12-05T10:00:00.000Z',
      validity: { verdict: 'valid', label: 'Valid', summary: 'No validity concern.' },
    },
    second: {
      id: 7,
      form: 'SF',
      createdAt: '2026-03-10T09:00:00.000Z',
      finishedAt: '2026-03-20T10:00:00.000Z',
      validity: { verdict: 'valid', label: 'Valid', summary: 'No validity concern.' },
    },
    isChangeInterpretable: true,
    validityStatement: 'Both administrations passed the validity checks their forms allow.',
    isSameForm: true,
    formsStatement: 'Both administrations used the short form.',
    scales: [
      aComparedScale(),
      aComparedScale({
        key: 'Prc',
        name: 'Perceptual Dysregulation',
        first: { score: 0.25, t: 55, percentile: 0.86, capped: null },
        second: { score: 2, t: 90, percentile: 0.99, capped: 'above' },
        scoreDifference: 1.75,
        tDifference: null,
        reliableChange: {
          rci: 3.2,
          isReliable: true,
          direction: 'higher',
          reliableDifference: 1.1,
          sd: 0.45,
          r: 0.6,
          source: {
            id: 'thimm2016-sf-derivation',
            citation: 'Thimm, J. C., Jordan, S., & Bach, B. (2016). BMC Psychology, 4, 61',
            kind: 'alpha',
            sample: 'Norwegian university students',
            n: 503,
            interval: null,
            basis: 'scale',
          },
        },
        noReliableChangeReason: null,
      }),
    ],
    rciRule: 'Reliable change index (Jacobson & Truax, 1991).',
    reliabilityRule: 'Per form and scale, the lowest coefficient among the sources used.',
    ...overrides,
  };
}
