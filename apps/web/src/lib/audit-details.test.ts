import { describe, expect, it } from 'vitest';
import { describeAuditDetails } from './audit-details';
import { formatDateTime } from './dates';

describe('describeAuditDetails', () => {
  it('names the fields and formats times, numbers, lists and nested values', () => {
    expect(
      describeAuditDetails({
        previousDueAt: '2026-03-04T10:00:00.000Z',
        dueAt: '2026-04-03T10:00:00.000Z',
        view: 'admin',
        quantity: 5,
        note: 'Invoice 7',
        reportName: null,
        codes: ['F41.1', 'F60.3'],
        outcome: { added: 2, refunded: 0 },
        isTest: true,
      }),
    ).toEqual([
      `Previous due date: ${formatDateTime('2026-03-04T10:00:00.000Z')}`,
      `New due date: ${formatDateTime('2026-04-03T10:00:00.000Z')}`,
      'View: admin',
      'Quantity: 5',
      'Note: Invoice 7',
      'Report name: —',
      'Codes: F41.1, F60.3',
      'Outcome: Added 2, Refunded 0',
      'Is test: yes',
    ]);
  });
});
