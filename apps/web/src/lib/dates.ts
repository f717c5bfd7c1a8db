import { formatLocaleDate, formatLocaleDateTime, type Language } from '@pid5/i18n';

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

/** A date in the page's language ('Mar 4, 2026', '04.03.2026'), in the reader's time zone. */
export function formatDate(iso: string, language: Language): string {
  return formatLocaleDate(language, iso);
}

/** A date and time to the second ('Mar 4, 2026, 10:00:00', '04.03.2026, 10:00:00'). */
export function formatDateTime(iso: string, language: Language): string {
  return formatLocaleDateTime(language, iso);
}
