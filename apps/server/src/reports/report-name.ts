import { ANONYMOUS_REPORT_NAME, REPORT_NAME_MAX } from '@pid5/contract';
import { AppError } from '../errors';

// The name printed on the report (spec §2 report dialog; DESIGN.md §9 "user text is escaped everywhere, including
// PDF"). pdfkit prints text as text, so markup is never interpreted; what we remove are characters that change how
// text is laid out or read rather than what it says: C0/C1 controls, line and paragraph separators, and the
// bidirectional embedding/override/isolate controls that can make a name display reversed (the "Trojan Source"
// class, CVE-2021-42574). Letters of any script, marks, digits, spaces and punctuation are kept as given.

// eslint-disable-next-line no-control-regex
const REMOVED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\ufeff]/g;

/** Clean a requested report name: controls removed, whitespace collapsed, trimmed; '' when nothing is left. */
export function cleanReportName(raw: string | null | undefined): string {
  if (raw === null || raw === undefined) {
    return '';
  }
  return raw.normalize('NFC').replace(REMOVED, ' ').replace(/\s+/gu, ' ').trim();
}

/** Length as a person counts it: user-perceived characters (a letter with its accents counts once). */
export function countCharacters(text: string): number {
  let n = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    n++;
  }
  return n;
}

/**
 * The name to print: admins in the admin view always get 'Anonymous' (spec §2, §6); otherwise the cleaned name,
 * or 'Anonymous' when it is empty. A name longer than 100 characters is refused with a clear message rather than
 * cut short, so the clinician sees exactly what will be printed.
 */
export function resolveReportName(options: { requested: string | null | undefined; isAdminView: boolean }): string {
  if (options.isAdminView) {
    return ANONYMOUS_REPORT_NAME;
  }
  const name = cleanReportName(options.requested);
  if (name === '') {
    return ANONYMOUS_REPORT_NAME;
  }
  if (countCharacters(name) > REPORT_NAME_MAX) {
    const message = `The name on the report can be at most ${REPORT_NAME_MAX} characters.`;
    throw new AppError('VALIDATION_FAILED', message, { fields: { name: message } });
  }
  return name;
}
