import { formatDateTime } from './dates';

/** Names for the detail fields the server records (modules' recordAudit calls); others are spelt out from the key. */
const LABELS: Record<string, string> = {
  view: 'View',
  previousDueAt: 'Previous due date',
  dueAt: 'New due date',
  termsId: 'Terms version id',
  consentId: 'Consent version id',
  itemSetId: 'Item set',
  scoresSource: 'Scores',
  creditId: 'Ledger entry',
  clinicianId: 'Clinician id',
  changes: 'Answer changes',
};

/** 'reportName' → 'Report name'. */
function spellOut(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') {
    return '—';
  }
  if (typeof value === 'string') {
    return ISO_TIME.test(value) ? formatDateTime(value) : value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value === true ? 'yes' : value === false ? 'no' : value);
  }
  if (Array.isArray(value)) {
    return value.map(describeValue).join(', ');
  }
  return Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) => `${LABELS[key] ?? spellOut(key)} ${describeValue(inner)}`)
    .join(', ');
}

/** An audit event's details as readable lines ('New due date: Apr 3, 2026, 10:00:00'), not raw JSON. */
export function describeAuditDetails(details: Record<string, unknown>): string[] {
  return Object.entries(details).map(([key, value]) => `${LABELS[key] ?? spellOut(key)}: ${describeValue(value)}`);
}
