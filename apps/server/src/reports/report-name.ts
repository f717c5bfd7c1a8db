import { ANONYMOUS_REPORT_NAME, REPORT_NAME_MAX } from '@pid5/contract';
import { AppError } from '../errors';
import { canPrintInName } from './report-fonts';

// The name printed on the report (docs/product-spec.md §2 report dialog; DESIGN.md "Security and reliability" "user text is escaped everywhere, including
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
 * The name to print: admins in the admin view always get 'Anonymous' (docs/product-spec.md §2, §6); otherwise the cleaned name,
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
    throw new AppError('VALIDATION_FAILED', 'errors.reports.nameTooLong', {
      values: { max: REPORT_NAME_MAX },
      fields: { name: 'errors.reports.nameTooLong' },
    });
  }
  const unprintable = unprintableCharacters(name);
  if (unprintable.length > 0) {
    // Refused rather than printed as empty boxes on a clinical report.
    throw new AppError('VALIDATION_FAILED', 'errors.reports.nameUnprintable', {
      values: { characters: unprintable.join(' '), anonymous: ANONYMOUS_REPORT_NAME },
      fields: { name: 'errors.reports.nameUnprintable' },
    });
  }
  return name;
}

/** The distinct characters of `name` the report's name font has no glyph for (e.g. Chinese), in order. */
export function unprintableCharacters(name: string): string[] {
  const missing = new Set<string>();
  for (const character of name) {
    const codePoint = character.codePointAt(0);
    if (codePoint !== undefined && character !== ' ' && !canPrintInName(codePoint)) {
      missing.add(character);
    }
  }
  return [...missing];
}

/** Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms: the scripts written right to left. */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const LETTER = /\p{L}/u;

type WordDirection = 'ltr' | 'rtl' | null;

function wordDirection(word: string): WordDirection {
  for (const character of word) {
    if (RIGHT_TO_LEFT.test(character)) {
      return 'rtl';
    }
    if (LETTER.test(character)) {
      return 'ltr';
    }
  }
  return null;
}

/** Whether any word of `name` is written right to left (it then needs `visualWordOrder`). */
export function hasRightToLeftWords(name: string): boolean {
  return RIGHT_TO_LEFT.test(name);
}

/**
 * The words of a name in the order they appear on the page, left to right: the Unicode bidirectional algorithm at
 * the level of whole words, which is what a name needs. The first word with letters sets the name's direction; a
 * word without letters (a number) goes with its neighbours when they agree, else with the name's direction. Runs of
 * right-to-left words read from the right; a right-to-left name also places its runs from the right. The letters of
 * each word stay in typed order: the font engine lays out a right-to-left word (and joins Arabic letters) itself.
 */
export function visualWordOrder(name: string): string[] {
  const words = name.split(' ').filter((word) => word !== '');
  const strong = words.map(wordDirection);
  const base = strong.find((direction) => direction !== null) ?? 'ltr';
  const directions = strong.map((direction, index): 'ltr' | 'rtl' => {
    if (direction) {
      return direction;
    }
    const before = strong.slice(0, index).findLast((d) => d !== null) ?? base;
    const after = strong.slice(index + 1).find((d) => d !== null) ?? base;
    return before === after ? before : base;
  });
  const runs: { direction: 'ltr' | 'rtl'; words: string[] }[] = [];
  words.forEach((word, index) => {
    const direction = directions[index] ?? base;
    const last = runs.at(-1);
    if (last?.direction === direction) {
      last.words.push(word);
    } else {
      runs.push({ direction, words: [word] });
    }
  });
  const ordered = base === 'rtl' ? runs.reverse() : runs;
  return ordered.flatMap((run) => (run.direction === 'rtl' ? [...run.words].reverse() : run.words));
}
