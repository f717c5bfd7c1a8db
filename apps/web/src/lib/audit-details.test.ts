import { describe, expect, it } from 'vitest';
import { describeAuditDetails } from './audit-details';
import { staffText } from '../../test/staff-text';
import { formatDateTime } from './dates';

describe('describeAuditDetails', () => {
  it('names the fields and formats times, numbers, lists and nested values', () => {
    expect(
      describeAuditDetails(
        {
          previousDueAt: '2026-03-04T10:00:00.000Z',
          dueAt: '2026-04-03T10:00:00.000Z',
          view: 'admin',
          quantity: 5,
          note: 'Invoice 7',
          reportName: null,
          codes: ['F41.1', 'F60.3'],
          outcome: { added: 2, refunded: 0 },
          isTest: true,
        },
        staffText(),
      ),
    ).toEqual([
      `Previous due date: ${formatDateTime('2026-03-04T10:00:00.000Z', 'en')}`,
      `New due date: ${formatDateTime('2026-04-03T10:00:00.000Z', 'en')}`,
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

describe('describeAuditDetails in German', () => {
  it('names the known fields in German and formats times the German way', () => {
    expect(describeAuditDetails({ dueAt: '2026-11-26T10:00:00.000Z', isTest: false }, staffText('de'))).toEqual([
      'Neues Fälligkeitsdatum: 26.11.2026, 10:00:00',
      'Is test: nein',
    ]);
  });
});
