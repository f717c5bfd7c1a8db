const DAY_MS = 24 * 3_600_000;

/** docs/product-spec.md §4: Days Left is the time until the due date, never below 0, rounded to a whole number of days. */
export function daysLeft(dueAt: string | Date, now: Date): number {
  const ms = new Date(dueAt).getTime() - now.getTime();
  if (!Number.isFinite(ms)) {
    return 0;
  }
  return Math.max(0, Math.round(ms / DAY_MS));
}

/** Whether `at` falls on the same calendar day as `now`, in the reader's time zone. */
export function isToday(at: string | Date, now: Date): boolean {
  const date = new Date(at);
  return (
    date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate()
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** A date in the reader's locale ('Mar 4, 2026'). */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
