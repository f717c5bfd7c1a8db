import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import {
  addParsedFont,
  canUsePdfkitInternals,
  createDocumentWithoutDefaultFont,
  deflatePageContentsFast,
  parseFont,
  type ParsedFont,
  type SubsetGlyph,
  type WordLayouts,
} from './pdfkit-internals';
import { loadReportFonts, REPORT_FONTS, type ReportFont } from './report-fonts';

// pdfkit parses each font file (fontkit), shapes every word, assigns glyph numbers and builds each font subset anew
// for every document, and most of a report's time went there, although nearly all of it is the same fixed text in
// every report. So each thread keeps, per font:
// - the parsed font and its word layouts, handed to the next document;
// - a base glyph set (every character and ligature the fixed texts use, and printable ASCII) included first in every
//   document in the same order, so the fixed texts get the same glyph numbers in every report; pdf-text-replay.ts relies
//   on that to replay a text's drawing operators instead of laying it out again;
// - the font files already built (subset and compressed), by their exact glyph list: a report whose names add no
//   new character reuses the bytes; one with new characters (a name in another script) builds its own.
// Each document still embeds only the glyphs its subset lists. How this is done inside pdfkit is in
// pdfkit-internals.ts; if pdfkit is not as that module expects, documents are made the plain way.

interface CachedFont {
  parsed: ParsedFont;
  layouts: WordLayouts;
  baseGlyphs: readonly SubsetGlyph[];
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
 * A new pdfkit document with the report fonts registered under their names (regular, bold, condensed…).
 * `fixedTexts`: every text the report always prints, read once per thread for the base glyph sets: the first
 * document of a thread fixes them, so a thread drawing more than one kind of report should pass all their texts.
 */
export function createReportDocument(
  options: PDFKit.PDFDocumentOptions,
  fixedTexts: () => readonly string[],
): PDFKit.PDFDocument {
  const files = loadReportFonts();
  if (!canUsePdfkitInternals()) {
    const doc = new PDFDocument(options);
    for (const name of Object.keys(REPORT_FONTS) as ReportFont[]) {
      doc.registerFont(name, files[name]);
    }
    return doc;
  }
  const doc = createDocumentWithoutDefaultFont(options);
  deflatePageContentsFast(doc);
  for (const name of Object.keys(REPORT_FONTS) as ReportFont[]) {
    doc.registerFont(name, files[name]);
    baseText ??= [ASCII_TEXT, ...fixedTexts()].join(' ');
    const cached = cache.get(name) ?? keepFont(name, baseText);
    if (Object.keys(cached.layouts).length > MAX_CACHED_LAYOUTS) {
      cached.layouts = Object.create(null) as WordLayouts;
    }
    const { font, fixedGlyphs } = addParsedFont(doc, name, cached.parsed, {
      layouts: cached.layouts,
      glyphs: cached.baseGlyphs,
      fontFile: (glyphList, build) => fontFileFor(cached.fontFiles, glyphList, build),
    });
    baseGlyphCounts.set(font, fixedGlyphs);
  }
  return doc;
}

/** Parse the font once, lay out the base text with it and keep the font, its layouts and the base glyphs in order. */
function keepFont(name: ReportFont, text: string): CachedFont {
  const { parsed, layouts, glyphs } = parseFont(loadReportFonts()[name], text);
  const kept: CachedFont = { parsed, layouts, baseGlyphs: glyphs, fontFiles: new Map() };
  cache.set(name, kept);
  return kept;
}

/**
 * The font file depends only on the subset's glyph list: reuse the compressed bytes when an earlier report had the
 * same list, and build (and compress) them otherwise.
 */
function fontFileFor(
  files: Map<string, Uint8Array>,
  glyphList: readonly number[],
  build: () => Uint8Array,
): Uint8Array {
  const key = glyphList.join(',');
  let compressed = files.get(key);
  if (!compressed) {
    compressed = deflateSync(build());
    if (files.size >= MAX_CACHED_FONT_FILES) {
      files.delete(files.keys().next().value ?? '');
    }
    files.set(key, compressed);
  }
  return compressed;
}

/** Ends `doc` and resolves to its bytes. */
export function endReportDocument(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  doc.end();
  return done;
}
