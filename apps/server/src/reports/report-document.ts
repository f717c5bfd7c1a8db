import PDFDocument from 'pdfkit';
import { loadReportFonts, type ReportFont } from './report-fonts';

// pdfkit parses each font file (fontkit) and shapes every word anew for each document, and most of a report's time
// went there: four DejaVu fonts parsed and a few thousand words laid out, the same ones in every report. So each
// thread keeps the parsed fonts and the word layouts and hands them to the next document (bench/README.md, PDF:
// about 3× faster). Each document still gets its own font objects, so each embeds its own subset with exactly the
// glyphs it uses (a name in any script). This reaches into pdfkit's font handling (pinned 0.17): if that ever
// changes shape, documents are made the plain way.

/** What pdfkit keeps per font and document (EmbeddedFont): the parsed font, and its word layouts by text. */
interface EmbeddedFont {
  font: unknown;
  name: string;
  layoutCache?: Record<string, unknown>;
}
type EmbeddedFontClass = new (document: PDFKit.PDFDocument, font: unknown, id: string) => EmbeddedFont;
interface DocumentFonts {
  _fontFamilies?: Record<string, EmbeddedFont>;
  _fontCount?: number;
  _font?: EmbeddedFont;
}

interface CachedFont {
  Font: EmbeddedFontClass;
  font: unknown;
  layouts: Record<string, unknown>;
}

/** Word layouts kept per font before starting afresh: names add words, so the cache must not grow forever. */
export const MAX_CACHED_LAYOUTS = 20_000;

const cache = new Map<ReportFont, CachedFont>();

/** For tests: which fonts this thread has kept. */
export function cachedReportFonts(): ReportFont[] {
  return [...cache.keys()];
}

/** A new pdfkit document with the report's fonts registered under their names (regular, bold, condensed…). */
export function createReportDocument(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  const doc = new PDFDocument(options);
  const files = loadReportFonts();
  const fonts = doc as unknown as DocumentFonts;
  const isKnownShape = typeof fonts._fontCount === 'number' && typeof fonts._fontFamilies === 'object';
  for (const name of Object.keys(files) as ReportFont[]) {
    doc.registerFont(name, files[name]);
    if (!isKnownShape || !fonts._fontFamilies) {
      continue;
    }
    const cached = cache.get(name);
    if (cached) {
      if (Object.keys(cached.layouts).length > MAX_CACHED_LAYOUTS) {
        cached.layouts = Object.create(null) as Record<string, unknown>;
      }
      const font = new cached.Font(doc, cached.font, `F${(fonts._fontCount ?? 0) + 1}`);
      fonts._fontCount = (fonts._fontCount ?? 0) + 1;
      font.layoutCache = cached.layouts;
      // As pdfkit's own doc.font(name) files a newly opened font: under the registered and the PostScript name.
      fonts._fontFamilies[name] = font;
      fonts._fontFamilies[font.name] = font;
    } else {
      doc.font(name);
      const opened = fonts._font;
      if (opened?.layoutCache && opened.font) {
        cache.set(name, {
          Font: opened.constructor as EmbeddedFontClass,
          font: opened.font,
          layouts: opened.layoutCache,
        });
      }
    }
  }
  return doc;
}
