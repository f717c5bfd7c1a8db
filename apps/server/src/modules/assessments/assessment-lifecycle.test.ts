import { describe, expect, it } from 'vitest';
import {
  assessmentStatus,
  extendedDueAt,
  extensionLimit,
  extensionRefusal,
  firstDueAt,
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
  return {
    createdAt: at(-20 * DAY),
    dueAt: at(10 * DAY),
    finishedAt: null,
    consentAgreedAt: at(-DAY),
    answeredCount: 0,
    ...overrides,
  };
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

describe('extending a test (DESIGN.md "Assessment lifecycle")', () => {
  // Created 20 days ago: first due in 10 days, the limit 100 days from now.
  it('is not offered more than 7 days before the due date', () => {
    const fresh = test({ createdAt: NOW, dueAt: at(30 * DAY) });
    expect(extensionRefusal(fresh, NOW)).toBe('not-yet');
    expect(extendedDueAt(fresh, NOW)).toBeNull();
    expect(extensionRefusal(test({ dueAt: at(7 * DAY + 1) }), NOW)).toBe('not-yet');
  });

  it('is offered from 7 days before the due date and adds 30 days to the due date', () => {
    const dueSoon = test({ dueAt: at(7 * DAY) });
    expect(extensionRefusal(dueSoon, NOW)).toBeNull();
    expect(extendedDueAt(dueSoon, NOW)).toEqual(at(37 * DAY));
  });

  it('adds 30 days to now for an expired test', () => {
    const expired = test({ createdAt: at(-40 * DAY), dueAt: at(-10 * DAY) });
    expect(extendedDueAt(expired, NOW)).toEqual(at(30 * DAY));
  });

  it('stops at 90 days after the first due date, then refuses', () => {
    const created = at(-20 * DAY);
    expect(firstDueAt({ createdAt: created })).toEqual(at(10 * DAY));
    expect(extensionLimit({ createdAt: created })).toEqual(at(100 * DAY));
    // Extended twice already (due in 70 days): the third extension would reach 100 days, exactly the limit.
    expect(extendedDueAt(test({ dueAt: at(70 * DAY) }), at(65 * DAY))).toEqual(at(100 * DAY));
    // Due in 95 days, 5 left before the limit: the extension gives those 5, not 30.
    expect(extendedDueAt(test({ dueAt: at(95 * DAY) }), at(90 * DAY))).toEqual(at(100 * DAY));
    // At the limit: no more.
    expect(extensionRefusal(test({ dueAt: at(100 * DAY) }), at(99 * DAY))).toBe('limit-reached');
    // Expired after the limit: no more either.
    expect(extensionRefusal(test({ dueAt: at(50 * DAY) }), at(100 * DAY))).toBe('limit-reached');
  });

  it('never extends a completed test', () => {
    expect(extensionRefusal(test({ dueAt: at(-DAY), finishedAt: at(-2 * DAY) }), NOW)).toBe('completed');
  });
});
