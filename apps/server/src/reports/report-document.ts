import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { loadReportFonts, REPORT_FONTS, type ReportFont } from './report-fonts';

// pdfkit parses each font file (fontkit), shapes every word, assigns glyph numbers and builds each font subset anew
// for every document, and most of a report's time went there, although nearly all of it is the same fixed text in
// every report. So each thread keeps, per font:
// - the parsed font and its word layouts, handed to the next document;
// - a base glyph set (every character and ligature the fixed texts use, and printable ASCII) included first in every
//   document in the same order, so the fixed texts get the same glyph numbers in every report; report-text.ts relies
//   on that to replay a text's drawing operators instead of laying it out again;
// - the font files already built (subset and compressed), by their exact glyph list: a report whose names add no
//   new character reuses the bytes; one with new characters (a name in another script) builds its own.
// Each document still embeds only the glyphs its subset lists. This reaches into pdfkit's font handling (pinned
// 0.17, its EmbeddedFont and fontkit's subset); if that ever changes shape, documents are made the plain way.

/** What pdfkit keeps per font and document (EmbeddedFont). */
interface EmbeddedFont {
  id: string;
  font: unknown;
  name: string;
  layoutCache?: Record<string, unknown>;
  subset?: FontSubset;
  widths?: number[];
  unicode?: number[][];
  encode?: (text: string) => unknown;
  embed?: () => void;
}
interface DocumentRefs {
  ref(data?: Record<string, unknown>): unknown;
}
interface FontSubset {
  glyphs: number[];
  includeGlyph(glyphId: number): number;
  encode(): Uint8Array;
}
type EmbeddedFontClass = new (document: PDFKit.PDFDocument, font: unknown, id: string) => EmbeddedFont;
interface DocumentFonts {
  _fontFamilies?: Record<string, EmbeddedFont>;
  _fontCount?: number;
  _font?: EmbeddedFont;
}

/** One glyph of a font's base set: the font's glyph id, its advance width (PDF units) and the characters it shows. */
interface BaseGlyph {
  glyphId: number;
  width: number;
  codePoints: number[];
}

interface CachedFont {
  Font: EmbeddedFontClass;
  font: unknown;
  layouts: Record<string, unknown>;
  baseGlyphs: readonly BaseGlyph[];
  /** Font files (compressed subsets) by glyph list, oldest first. */
  fontFiles: Map<string, Uint8Array>;
}

/** Word layouts kept per font before starting afresh: names add words, so the cache must not grow forever. */
const MAX_CACHED_LAYOUTS = 20_000;
/** Font files kept per font (a few tens of kB each): one per distinct set of extra characters in names. */
const MAX_CACHED_FONT_FILES = 32;

/** Printable ASCII and the ligatures the fonts form from it (fi, fl, ff…): any such name or number keeps the base. */
const ASCII_TEXT = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join(' ') + ' fi fl ff ffi ffl';

const cache = new Map<ReportFont, CachedFont>();
/** Per font object of a document: how many subset ids its base set takes (ids below it are the same everywhere). */
const baseGlyphCounts = new WeakMap<object, number>();
let baseText: string | null = null;

/**
 * For a document's font: the number of subset glyph ids that mean the same glyph in every report (.notdef and the
 * base set). Undefined for a font made the plain way.
 */
export function fixedGlyphCount(font: object): number | undefined {
  return baseGlyphCounts.get(font);
}

/** For tests: which fonts this thread has kept. */
export function cachedReportFonts(): ReportFont[] {
  return [...cache.keys()];
}

/**
 * A new pdfkit document with the report's fonts registered under their names (regular, bold, condensed…).
 * `fixedTexts`: every text the report always prints (read once per thread, for the base glyph sets).
 */
export function createReportDocument(
  options: PDFKit.PDFDocumentOptions,
  fixedTexts: () => readonly string[],
): PDFKit.PDFDocument {
  // No default font: pdfkit would otherwise read and parse Helvetica's metrics for every document, never used here.
  const doc = new PDFDocument({ ...options, font: null as unknown as string });
  const files = loadReportFonts();
  const fonts = doc as unknown as DocumentFonts;
  const isKnownShape = typeof fonts._fontCount === 'number' && typeof fonts._fontFamilies === 'object';
  for (const name of Object.keys(REPORT_FONTS) as ReportFont[]) {
    doc.registerFont(name, files[name]);
    if (!isKnownShape || !fonts._fontFamilies) {
      continue;
    }
    baseText ??= [ASCII_TEXT, ...fixedTexts()].join(' ');
    const cached = cache.get(name) ?? keepFont(name, baseText);
    if (!cached) {
      continue;
    }
    if (Object.keys(cached.layouts).length > MAX_CACHED_LAYOUTS) {
      cached.layouts = Object.create(null) as Record<string, unknown>;
    }
    const font = new cached.Font(doc, cached.font, `F${(fonts._fontCount ?? 0) + 1}`);
    fonts._fontCount = (fonts._fontCount ?? 0) + 1;
    font.layoutCache = cached.layouts;
    includeBaseGlyphs(font, cached.baseGlyphs);
    reuseFontFiles(doc, font, cached.fontFiles);
    // As pdfkit's own doc.font(name) files a newly opened font: under the registered and the PostScript name.
    fonts._fontFamilies[name] = font;
    fonts._fontFamilies[font.name] = font;
  }
  return doc;
}

/**
 * Open the font once in a scratch document (never ended), lay out the base text with it and keep the parsed font,
 * its layouts and the base glyphs in the order that text met them. Undefined if pdfkit's internals look different.
 */
function keepFont(name: ReportFont, text: string): CachedFont | undefined {
  const scratch = new PDFDocument({ font: null as unknown as string });
  scratch.registerFont(name, loadReportFonts()[name]);
  scratch.font(name);
  const opened = (scratch as unknown as DocumentFonts)._font;
  if (!opened?.layoutCache || !opened.font || !opened.subset || !opened.widths || !opened.unicode || !opened.encode) {
    return undefined;
  }
  opened.encode(text);
  const baseGlyphs: BaseGlyph[] = [];
  // Glyph 0 (.notdef) is in every subset already.
  opened.subset.glyphs.forEach((glyphId, subsetId) => {
    if (subsetId > 0) {
      baseGlyphs.push({ glyphId, width: opened.widths?.[subsetId] ?? 0, codePoints: opened.unicode?.[subsetId] ?? [] });
    }
  });
  const kept: CachedFont = {
    Font: opened.constructor as EmbeddedFontClass,
    font: opened.font,
    layouts: opened.layoutCache,
    baseGlyphs,
    fontFiles: new Map(),
  };
  cache.set(name, kept);
  return kept;
}

/** As pdfkit's encode() does for each glyph it meets, for the whole base set, in its fixed order. */
function includeBaseGlyphs(font: EmbeddedFont, baseGlyphs: readonly BaseGlyph[]): void {
  const { subset, widths, unicode } = font;
  if (!subset || !widths || !unicode) {
    return;
  }
  for (const glyph of baseGlyphs) {
    const subsetId = subset.includeGlyph(glyph.glyphId);
    widths[subsetId] ??= glyph.width;
    unicode[subsetId] ??= glyph.codePoints;
  }
  baseGlyphCounts.set(font, subset.glyphs.length);
}

/**
 * The font file depends only on the subset's glyph list: reuse the compressed bytes when an earlier report had the
 * same list, and build (and compress) them otherwise. pdfkit's embed() opens the font file's stream first; that stream
 * is marked as already compressed (FlateDecode) so pdfkit writes the bytes as they are.
 */
function reuseFontFiles(doc: PDFKit.PDFDocument, font: EmbeddedFont, files: Map<string, Uint8Array>): void {
  const { subset, embed } = font;
  const document = doc as unknown as DocumentRefs;
  if (!subset || typeof embed !== 'function' || typeof document.ref !== 'function') {
    return;
  }
  font.embed = () => {
    // The key before building: building appends the parts of composite glyphs (é = e + ´) to the list.
    const key = subset.glyphs.join(',');
    let compressed = files.get(key);
    if (!compressed) {
      compressed = deflateSync(subset.encode());
      if (files.size >= MAX_CACHED_FONT_FILES) {
        files.delete(files.keys().next().value ?? '');
      }
      files.set(key, compressed);
    }
    const fontFile = compressed;
    subset.encode = () => fontFile;
    const ref = document.ref;
    document.ref = (data?: Record<string, unknown>) => {
      delete (document as Partial<DocumentRefs>).ref;
      return ref.call(document, { ...data, Filter: 'FlateDecode' });
    };
    try {
      embed.call(font);
    } finally {
      delete (document as Partial<DocumentRefs>).ref;
    }
  };
}
