import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// DejaVu Sans (Bitstream Vera licence + public-domain changes, from the `dejavu-fonts-ttf` npm package) covers
// Latin with all accents, Greek and Cyrillic, so names such as 'Zoë Ångström Жанна' print as typed. Resolved
// through the module system, so it works wherever node_modules is, with no absolute path.

const require = createRequire(import.meta.url);

/** The part of fontkit (pdfkit's font engine, which has no type definitions) used here: a font's character map. */
const fontkit = require('fontkit') as { create(buffer: Buffer): { readonly characterSet: number[] } };

export const REPORT_FONTS = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  condensed: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf',
  condensedBold: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf',
} as const;

export type ReportFont = keyof typeof REPORT_FONTS;

let loaded: Record<ReportFont, Buffer> | null = null;

/** The font files, read once per thread. */
export function loadReportFonts(): Record<ReportFont, Buffer> {
  loaded ??= {
    regular: readFileSync(require.resolve(REPORT_FONTS.regular)),
    bold: readFileSync(require.resolve(REPORT_FONTS.bold)),
    condensed: readFileSync(require.resolve(REPORT_FONTS.condensed)),
    condensedBold: readFileSync(require.resolve(REPORT_FONTS.condensedBold)),
  };
  return loaded;
}

/** The font the patient's name is printed in (the report header). */
export const NAME_FONT: ReportFont = 'bold';

let nameCodePoints: ReadonlySet<number> | null = null;

/** Whether the name font has a glyph for `codePoint` (its character map, read once per thread). */
export function canPrintInName(codePoint: number): boolean {
  // Only the name font's file: the request handler checks names, and the other fonts are needed only in report threads.
  nameCodePoints ??= new Set(fontkit.create(readFileSync(require.resolve(REPORT_FONTS[NAME_FONT]))).characterSet);
  return nameCodePoints.has(codePoint);
}
