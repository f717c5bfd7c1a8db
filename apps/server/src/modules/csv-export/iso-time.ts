// Date.prototype.toISOString for many times in a row, without a Date per call: the CSV export writes four times a
// row, a million rows an export, and a Date with its formatting was a fifth of a row's encoding (bench/README.md,
// csv). The day's part is kept per day (a row's four times fall on a few days, and rows in id order share them); the
// time of day is written from tables of two- and three-digit numbers.

const MS_PER_DAY = 86_400_000;
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

/** 'YYYY-MM-DDT' by day number; emptied when it holds more than MAX_DAYS (a century of days, a few MB at most). */
const dayTexts = new Map<number, string>();
const MAX_DAYS = 40_000;

function dayText(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    // The date part as toISOString writes it (also years before 0 or after 9999, with their sign).
    const midnight = new Date(day * MS_PER_DAY).toISOString();
    text = midnight.slice(0, midnight.indexOf('T') + 1);
    if (dayTexts.size >= MAX_DAYS) {
      dayTexts.clear();
    }
    dayTexts.set(day, text);
  }
  return text;
}

/** Exactly `new Date(ms).toISOString()` for an integral ms within Date's range (e.g. 2026-11-24T04:41:12.123Z). */
export function isoFromMs(ms: number): string {
  const day = Math.floor(ms / MS_PER_DAY);
  let rest = ms - day * MS_PER_DAY;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${dayText(day)}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[rest - seconds * 1000]}Z`;
}
