import { describe, expect, it } from 'vitest';
import {
  assessmentStatus,
  isCompleted,
  isExpired,
  isOpen,
  isOpenForAnswers,
  patientTestStatus,
  type LifecycleFacts,
} from './assessment-lifecycle';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const DAY = 24 * 3_600_000;

/** An open test with consent given and nothing answered, due in ten days; each case changes what it is about. */
function test(overrides: Partial<LifecycleFacts> = {}): LifecycleFacts {
  return { dueAt: at(10 * DAY), finishedAt: null, consentAgreedAt: at(-DAY), answeredCount: 0, ...overrides };
}

describe('the assessment lifecycle', () => {
  it.each([
    // name, facts, staff status, patient status, open, open for answers
    ['consent not yet given', test({ consentAgreedAt: null }), 'not-started', 'consent-required', true, false],
    ['consent given, nothing answered', test(), 'not-started', 'in-progress', true, true],
    ['some answers', test({ answeredCount: 17 }), 'in-progress', 'in-progress', true, true],
    ['220 answers but not submitted', test({ answeredCount: 220 }), 'in-progress', 'in-progress', true, true],
    ['submitted', test({ answeredCount: 220, finishedAt: at(-1) }), 'completed', 'completed', false, false],
    ['one millisecond before the due date', test({ dueAt: at(1) }), 'not-started', 'in-progress', true, true],
    ['exactly at the due date', test({ dueAt: NOW }), 'expired', 'expired', false, false],
    [
      'past due with 220 answers, not submitted',
      test({ dueAt: at(-1), answeredCount: 220 }),
      'expired',
      'expired',
      false,
      false,
    ],
    ['past due without consent', test({ dueAt: at(-DAY), consentAgreedAt: null }), 'expired', 'expired', false, false],
    [
      'submitted, then the due date passed',
      test({ dueAt: at(-DAY), finishedAt: at(-2 * DAY), answeredCount: 220 }),
      'completed',
      'completed',
      false,
      false,
    ],
  ] as const)('%s', (_name, facts, staffStatus, patientStatus, open, openForAnswers) => {
    expect(assessmentStatus(facts, NOW)).toBe(staffStatus);
    expect(patientTestStatus(facts, NOW)).toBe(patientStatus);
    expect(isOpen(facts, NOW)).toBe(open);
    expect(isOpenForAnswers(facts, NOW)).toBe(openForAnswers);
    expect(isCompleted(facts)).toBe(staffStatus === 'completed');
    expect(isExpired(facts, NOW)).toBe(staffStatus === 'expired');
  });

  it('finishing wins over the due date: a submitted test is never expired', () => {
    const submittedLate = test({ dueAt: at(-DAY), finishedAt: at(-1) });
    expect(isExpired(submittedLate, NOW)).toBe(false);
    expect(isCompleted(submittedLate)).toBe(true);
  });

  it('an extended due date reopens an expired test with everything it had', () => {
    const expired = test({ dueAt: at(-DAY), answeredCount: 100 });
    expect(patientTestStatus(expired, NOW)).toBe('expired');
    const extended = { ...expired, dueAt: at(29 * DAY) };
    expect(patientTestStatus(extended, NOW)).toBe('in-progress');
    expect(assessmentStatus(extended, NOW)).toBe('in-progress');
  });
});
