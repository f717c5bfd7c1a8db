import type { StaffKey } from '../i18n/staff-language';
import type { Translate } from '../i18n/translate';

/** Names for the detail fields the server records (modules' recordAudit calls); others are spelt out from the key. */
const LABELS: Record<string, StaffKey> = {
  view: 'audit.field.view',
  previousDueAt: 'audit.field.previousDueAt',
  dueAt: 'audit.field.dueAt',
  termsId: 'audit.field.termsId',
  consentId: 'audit.field.consentId',
  itemSetId: 'audit.field.itemSetId',
  scoresSource: 'audit.field.scoresSource',
  creditId: 'audit.field.creditId',
  clinicianId: 'audit.field.clinicianId',
  changes: 'audit.field.changes',
  access: 'audit.field.access',
  administrations: 'audit.field.administrations',
  patients: 'audit.field.patients',
  tests: 'audit.field.tests',
  format: 'audit.field.format',
  reason: 'audit.field.reason',
  status: 'audit.field.status',
  report: 'audit.field.report',
  locale: 'audit.field.locale',
  form: 'audit.field.form',
  quantity: 'audit.field.quantity',
  note: 'audit.field.note',
  ownerId: 'audit.field.ownerId',
  granteeId: 'audit.field.granteeId',
  isNew: 'audit.field.isNew',
  wasShared: 'audit.field.wasShared',
  withId: 'audit.field.withId',
  isAnonymous: 'audit.field.isAnonymous',
  source: 'audit.field.source',
  trigger: 'audit.field.trigger',
  error: 'audit.field.error',
  durationMs: 'audit.field.durationMs',
};

/** What describing needs from the page: its words, and times in its language. */
export interface AuditWording {
  t: Translate<StaffKey>;
  formatDateTime: (iso: string) => string;
}

/** 'reportName' → 'Report name'. */
function spellOut(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

function fieldName(key: string, { t }: AuditWording): string {
  const label = LABELS[key];
  return label ? t(label) : spellOut(key);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function describeValue(value: unknown, words: AuditWording): string {
  if (value === null || value === undefined || value === '') {
    return '—';
  }
  if (typeof value === 'string') {
    return ISO_TIME.test(value) ? words.formatDateTime(value) : value;
  }
  if (typeof value === 'boolean') {
    return words.t(value ? 'audit.value.yes' : 'audit.value.no');
  }
  if (typeof value === 'number') {
    return String(value);
  }
  if (Array.isArray(value)) {
    return value.map((inner) => describeValue(inner, words)).join(', ');
  }
  return Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) => `${fieldName(key, words)} ${describeValue(inner, words)}`)
    .join(', ');
}

/** An audit event's details as readable lines ('New due date: Apr 3, 2026, 10:00:00'), not raw JSON. */
export function describeAuditDetails(details: Record<string, unknown>, words: AuditWording): string[] {
  return Object.entries(details).map(([key, value]) =>
    words.t('audit.detail', { field: fieldName(key, words), value: describeValue(value, words) }),
  );
}
