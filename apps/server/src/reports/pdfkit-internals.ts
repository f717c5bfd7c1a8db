import { deflateSync, inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { loadReportFonts } from './report-fonts';

// THE ONE PLACE THAT TOUCHES PDFKIT'S PRIVATE PARTS. Start here when upgrading pdfkit (ARCHITECTURE.md, "Upgrading
// pdfkit"). The reports are fast because every thread keeps what pdfkit would otherwise redo for each report
// (report-document.ts: parsed fonts, word layouts, base glyph sets, built font files; pdf-text-replay.ts: a text's drawing
// operators, replayed). pdfkit has no public interface for any of that, so this module reaches into pdfkit 0.17:
// - the document's `_font`, `_fontSize`, `_fontFamilies` and `_fontCount` (current font and size; fonts by name and
//   the count behind their ids F1, F2…), the option `font: null` (no default font), `addContent()` (each operator
//   string written to the page), `ref()` (a new PDF object; the first one `embed()` opens is the font file), and the
//   page's `fonts` (its font resources) and `maxY()` (where pdfkit starts a new page);
// - a font's EmbeddedFont object: its constructor (document, fontkit font, id), `id`, `name`, `font`, `layoutCache`,
//   `widths`, `unicode`, `encode()`, `embed()`, `ref()`, and its fontkit subset (`glyphs`, `includeGlyph()`,
//   `encode()`);
// - that text operators depend on nothing but the font, size, text and options, so moved by one translation they
//   draw the text where pdfkit would have drawn it there;
// - the page's `content` stream (a PDFReference: `buffer`, the chunks written; `data`, its dictionary; `compress`;
//   `finalize()`, which writes it) and the document's 'pageAdded' event, to deflate page contents at a faster level.
// Nothing else in the code reads these (eslint's no-restricted-properties holds that for the private names).
// `findPdfkitInternalsProblems()` checks every part above and names each one that is missing or behaves otherwise;
// the contract test (pdfkit-internals.test.ts) fails with those names. At run time each report thread runs the same
// check once (about 0.1 s, when the worker starts): if anything is off, the thread warns once (process warning
// PID5_PDFKIT_INTERNALS, naming the parts) and draws every report the plain way, with pdfkit's public interface only:
// the same pages, several times slower (pdfkit-fallback.test.ts).

type Doc = PDFKit.PDFDocument;

/** A font file parsed once, with pdfkit's class for it: what a document needs to use the font without parsing it. */
export interface ParsedFont {
  readonly Font: EmbeddedFontClass;
  readonly font: object;
}

/** pdfkit's word layouts of one font (text → glyphs and positions), filled as words are drawn. */
export type WordLayouts = Record<string, unknown>;

/** One glyph of a font subset: the font's glyph id, its advance width (PDF units) and the characters it shows. */
export interface SubsetGlyph {
  glyphId: number;
  width: number;
  codePoints: number[];
}

/** A parsed font, its word layouts so far, and the glyphs a text used in the order it met them (without .notdef). */
export interface FontParse {
  parsed: ParsedFont;
  layouts: WordLayouts;
  glyphs: SubsetGlyph[];
}

/** The operators pdfkit wrote for one text, and the highest subset glyph id among the glyphs it used (-1: none). */
export interface TextOperators {
  operators: Buffer;
  highestSubsetId: number;
}

/** What pdfkit keeps per font and document (EmbeddedFont). */
interface EmbeddedFont {
  id: string;
  name: string;
  font: object;
  layoutCache?: WordLayouts;
  subset: FontSubset;
  widths: number[];
  unicode: number[][];
  encode(text: string): unknown;
  embed(): unknown;
  ref(): unknown;
}
interface FontSubset {
  glyphs: number[];
  includeGlyph(glyphId: number): number;
  encode(): Uint8Array;
}
type EmbeddedFontClass = new (document: Doc, font: object, id: string) => EmbeddedFont;
interface DocumentInternals {
  _font: EmbeddedFont | null;
  _fontSize: number;
  _fontFamilies: Record<string, EmbeddedFont>;
  _fontCount: number;
  addContent(data: unknown): unknown;
  ref(data?: Record<string, unknown>): unknown;
  page: { fonts: Record<string, unknown>; maxY(): number; content: PdfStream };
}
/** A PDF object with a stream (PDFReference): its chunks until finalize() writes it, deflated if `compress`. */
interface PdfStream {
  buffer: Buffer[];
  data: Record<string, unknown>;
  compress: boolean;
  finalize(): void;
}

function internalsOf(doc: Doc): DocumentInternals {
  return doc as unknown as DocumentInternals;
}

// ——— Documents ———

/** A new document with no font opened: pdfkit would otherwise read and parse Helvetica's metrics for every one. */
export function createDocumentWithoutDefaultFont(options: PDFKit.PDFDocumentOptions): Doc {
  return new PDFDocument({ ...options, font: null as unknown as string });
}

/**
 * zlib's level for page contents: its fastest. At pdfkit's default (6) deflating a report's ~220 kB of drawing
 * operators was half of the report's time; level 1 takes a third of that, for a file about a tenth larger (91 kB to
 * 102 kB for the 8-page report; bench/README.md, pdf).
 */
export const PAGE_CONTENT_DEFLATE_LEVEL = 1;

/** From now on, every page's content stream of `doc` (the current page's too) is deflated at the level above. */
export function deflatePageContentsFast(doc: Doc): void {
  const onPage = () => deflateStreamFast(internalsOf(doc).page.content);
  onPage();
  doc.on('pageAdded', onPage);
}

function deflateStreamFast(stream: PdfStream): void {
  const finalize = stream.finalize;
  // pdfkit would deflate it again at its own level; the Filter set below tells readers it is deflated.
  stream.compress = false;
  stream.finalize = function finalizeDeflated(this: PdfStream) {
    if (this.buffer.length > 0) {
      this.buffer = [deflateSync(Buffer.concat(this.buffer), { level: PAGE_CONTENT_DEFLATE_LEVEL })];
      this.data.Filter = 'FlateDecode';
    }
    finalize.call(this);
  };
}

// ——— Text ———

/** The current font and size as a key (texts drawn under one key are laid out alike); undefined before any font. */
export function currentFontKey(doc: Doc): string | undefined {
  const { _font: font, _fontSize: size } = internalsOf(doc);
  return font ? `${font.id}|${font.name}|${size}` : undefined;
}

/** The document's current font object (pdfkit's), to look up what was kept for it; undefined before any font. */
export function currentFont(doc: Doc): object | undefined {
  return internalsOf(doc)._font ?? undefined;
}

/** Where pdfkit would start a new page: the bottom of the current page's content area. */
export function pageContentBottom(doc: Doc): number {
  return internalsOf(doc).page.maxY();
}

/**
 * Runs `draw` (one doc.text call in the current font) and keeps the operators pdfkit writes for it, with the highest
 * subset id of the glyphs it used. Null if it wrote anything but operator strings or went on to a new page.
 */
export function recordTextOperators(doc: Doc, draw: () => void): TextOperators | null {
  const internals = internalsOf(doc);
  const font = internals._font;
  if (!font) {
    draw();
    return null;
  }
  const { subset } = font;
  const page = internals.page;
  const parts: string[] = [];
  let highestSubsetId = -1;
  let isText = true;
  const includeGlyph = subset.includeGlyph;
  const write = internals.addContent.bind(doc);
  subset.includeGlyph = (glyphId: number) => {
    const subsetId = includeGlyph.call(subset, glyphId);
    highestSubsetId = Math.max(highestSubsetId, subsetId);
    return subsetId;
  };
  internals.addContent = (data: unknown) => {
    if (typeof data === 'string') {
      parts.push(data);
    } else {
      isText = false;
    }
    return write(data);
  };
  try {
    draw();
  } finally {
    delete (internals as Partial<DocumentInternals>).addContent;
    delete (subset as Partial<FontSubset>).includeGlyph;
  }
  if (!isText || internals.page !== page) {
    return null;
  }
  return { operators: Buffer.from(parts.join('\n') + '\n', 'binary'), highestSubsetId };
}

/** A number as PDF content writes it: plain decimals, never exponent notation. */
function pdfNumber(value: number): string {
  return String(Math.round(value * 10_000) / 10_000);
}

/**
 * Writes operators recorded by recordTextOperators (in a document whose current font has the same glyph ids), moved
 * by (dx, dy), and makes the current font a resource of the page as doc.text would.
 */
export function writeTextOperators(doc: Doc, operators: Buffer, dx: number, dy: number): void {
  const internals = internalsOf(doc);
  const font = internals._font;
  if (!font) {
    throw new Error('writeTextOperators needs a current font');
  }
  internals.page.fonts[font.id] ??= font.ref();
  if (dx === 0 && dy === 0) {
    internals.addContent(operators);
  } else {
    // The same operators, moved by one translation (and the state restored after).
    internals.addContent(`q\n1 0 0 1 ${pdfNumber(dx)} ${pdfNumber(dy)} cm`);
    internals.addContent(operators);
    internals.addContent('Q');
  }
}

// ——— Fonts ———

/** Opens `file` in `doc` as doc.font() does (registered as `name`): pdfkit's font object for it. */
function openFont(doc: Doc, name: string, file: Buffer): EmbeddedFont | null {
  doc.registerFont(name, file);
  doc.font(name);
  return internalsOf(doc)._font;
}

/**
 * Characters laid out at a time. pdfkit's layout() appends each word's glyphs to a copy of all before it, so one
 * call takes time in the square of the text's length: every language's report texts at once took minutes.
 */
const LAYOUT_PIECE_LENGTH = 2_000;

/**
 * `text` in pieces of about `length` characters, each cut just after a space or tab: pdfkit splits a text into
 * words there too, so the pieces lay out the same words, glyphs and order as the whole.
 */
export function piecesAtSpaces(text: string, length = LAYOUT_PIECE_LENGTH): string[] {
  const pieces: string[] = [];
  const space = /[ \t]/g;
  let start = 0;
  while (start < text.length) {
    space.lastIndex = start + length;
    const end = (space.exec(text)?.index ?? text.length - 1) + 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** The parsed font behind an opened one, after laying out `text`: its word layouts and the glyphs `text` used. */
function keepParsed(opened: EmbeddedFont, text: string): FontParse {
  for (const piece of piecesAtSpaces(text)) {
    opened.encode(piece);
  }
  const glyphs: SubsetGlyph[] = [];
  // Glyph 0 (.notdef) is in every subset already.
  opened.subset.glyphs.forEach((glyphId, subsetId) => {
    if (subsetId > 0) {
      glyphs.push({ glyphId, width: opened.widths[subsetId] ?? 0, codePoints: opened.unicode[subsetId] ?? [] });
    }
  });
  return {
    parsed: { Font: opened.constructor as EmbeddedFontClass, font: opened.font },
    layouts: opened.layoutCache ?? (Object.create(null) as WordLayouts),
    glyphs,
  };
}

/**
 * Parses `file` as pdfkit does for a document (in a scratch document, never ended) and lays out `text` with it: the
 * parsed font, its word layouts so far, and the glyphs `text` used in the order it met them (without .notdef).
 */
export function parseFont(file: Buffer, text: string): FontParse {
  return keepParsed(openFont(createDocumentWithoutDefaultFont({}), 'parsed', file) as EmbeddedFont, text);
}

export interface AddFontOptions {
  /** Word layouts to share with earlier documents (pdfkit adds the words it lays out). */
  layouts: WordLayouts;
  /** Glyphs included first in the font's subset, in this order, as pdfkit's encode() includes what it meets. */
  glyphs: readonly SubsetGlyph[];
  /**
   * The font file, compressed with deflate, for the subset's glyph list (taken before building: building adds the
   * parts of composite glyphs). `build` makes the uncompressed file as pdfkit would.
   */
  fontFile(glyphList: readonly number[], build: () => Uint8Array): Uint8Array;
}

/**
 * Adds a parsed font to `doc` as doc.font(name) would file a newly opened one (under `name` and its PostScript name,
 * with the next id), with `options.glyphs` in its subset. Returns the font object and how many subset ids it has
 * now (.notdef and those glyphs: the same ids in every document given the same glyphs).
 */
export function addParsedFont(
  doc: Doc,
  name: string,
  parsed: ParsedFont,
  options: AddFontOptions,
): { font: object; fixedGlyphs: number } {
  const internals = internalsOf(doc);
  internals._fontCount += 1;
  const font = new parsed.Font(doc, parsed.font, `F${internals._fontCount}`);
  font.layoutCache = options.layouts;
  const { subset, widths, unicode } = font;
  for (const glyph of options.glyphs) {
    const subsetId = subset.includeGlyph(glyph.glyphId);
    widths[subsetId] ??= glyph.width;
    unicode[subsetId] ??= glyph.codePoints;
  }
  takeFontFileFrom(doc, font, options.fontFile);
  internals._fontFamilies[name] = font;
  internals._fontFamilies[font.name] = font;
  return { font, fixedGlyphs: subset.glyphs.length };
}

/**
 * pdfkit's embed() opens the font file's stream first and ends it with subset.encode(): here the bytes come from
 * `fontFile`, and that stream is marked as already compressed (FlateDecode) so pdfkit writes them as they are.
 */
function takeFontFileFrom(doc: Doc, font: EmbeddedFont, fontFile: AddFontOptions['fontFile']): void {
  const { subset } = font;
  const embed = font.embed;
  const document = internalsOf(doc);
  font.embed = () => {
    const compressed = fontFile([...subset.glyphs], () => subset.encode());
    subset.encode = () => compressed;
    const ref = document.ref;
    document.ref = (data?: Record<string, unknown>) => {
      delete (document as Partial<DocumentInternals>).ref;
      return ref.call(document, { ...data, Filter: 'FlateDecode' });
    };
    try {
      return embed.call(font);
    } finally {
      delete (document as Partial<DocumentInternals>).ref;
    }
  };
}

// ——— The check ———

function describeValue(value: unknown): string {
  if (value === null) {
    return 'null';
  }
  return Array.isArray(value) ? 'an array' : typeof value;
}

type Expected = 'function' | 'number' | 'object' | 'string';

/** The problems found so far, and a check of one part's type that adds one when it is not what is expected. */
function createProblemList() {
  const problems: string[] = [];
  const expectShape = (part: string, value: unknown, expected: Expected) => {
    const isExpected = expected === 'object' ? typeof value === 'object' && value !== null : typeof value === expected;
    if (!isExpected) {
      problems.push(
        `${part}: expected ${expected === 'object' ? 'an object' : `a ${expected}`}, found ${describeValue(value)}`,
      );
    }
    return isExpected;
  };
  return { problems, expectShape };
}
type ProblemList = ReturnType<typeof createProblemList>;

/** The value at a dotted path of `owner` (`content.buffer`); undefined where a step on the way is not an object. */
function valueAt(owner: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined,
      owner,
    );
}

/**
 * Whether each part of `owner` (by its dotted path) has the type this file uses it as; each that has not is added to
 * the list as `<className>#<path>`. All are checked, so that one check names every part that changed.
 */
function hasShapes(list: ProblemList, className: string, owner: unknown, parts: Record<string, Expected>): boolean {
  return Object.entries(parts)
    .map(([path, expected]) => list.expectShape(`${className}#${path}`, valueAt(owner, path), expected))
    .every(Boolean);
}

/** The document's and its first page's parts this file uses. */
function documentHasShape(internals: DocumentInternals, list: ProblemList): boolean {
  return [
    hasShapes(list, 'PDFDocument', internals, {
      _fontSize: 'number',
      _fontCount: 'number',
      _fontFamilies: 'object',
      addContent: 'function',
      ref: 'function',
    }),
    hasShapes(list, 'PDFPage', internals.page, {
      fonts: 'object',
      maxY: 'function',
      content: 'object',
      'content.buffer': 'object',
      'content.data': 'object',
      'content.finalize': 'function',
    }),
  ].every(Boolean);
}

/** An embedded font's parts this file uses. */
function fontHasShape(font: EmbeddedFont, list: ProblemList): boolean {
  return hasShapes(list, 'EmbeddedFont', font, {
    id: 'string',
    name: 'string',
    font: 'object',
    layoutCache: 'object',
    widths: 'object',
    unicode: 'object',
    encode: 'function',
    embed: 'function',
    ref: 'function',
    subset: 'object',
    'subset.glyphs': 'object',
    'subset.includeGlyph': 'function',
    'subset.encode': 'function',
  });
}

const PROBE = 'Probe';
const PROBE_GLYPHS = new Set(PROBE).size;

/**
 * The parsed font, laid out once, then a new font for the document made from it with the glyphs first: whether it
 * is filed and subset as this file expects. Returns the new font and the count of its font file's builds.
 */
function checkParsedFontCopy(doc: Doc, font: EmbeddedFont, { problems }: ProblemList) {
  const internals = internalsOf(doc);
  const { parsed, layouts, glyphs } = keepParsed(font, PROBE);
  if (Object.keys(layouts).length === 0 || glyphs.length !== PROBE_GLYPHS) {
    problems.push('EmbeddedFont#encode: laying out a word no longer keeps its layout and includes its glyphs');
  }
  const fontFile = { calls: 0 };
  const added = addParsedFont(doc, 'added', parsed, {
    layouts,
    glyphs,
    fontFile: () => {
      fontFile.calls++;
      // Not built: this document is never read.
      return new Uint8Array();
    },
  });
  const addedFont = added.font as EmbeddedFont;
  if (addedFont.id !== `F${internals._fontCount}` || addedFont.layoutCache !== layouts) {
    problems.push('EmbeddedFont constructor: new (document, font, id) no longer makes a font with that id');
  }
  if (added.fixedGlyphs !== PROBE_GLYPHS + 1 || addedFont.subset.glyphs[1] !== glyphs[0]?.glyphId) {
    problems.push('EmbeddedFont#subset.includeGlyph: a new subset no longer starts with .notdef then the glyphs given');
  }
  return { addedFont, fontFile };
}

/**
 * A text written in the new font, on the first page and on a page added, with the page contents deflated at our
 * level: its operators, glyphs, font file and deflated streams as this file expects.
 */
function checkTextAndPages(
  doc: Doc,
  { addedFont, fontFile }: ReturnType<typeof checkParsedFontCopy>,
  { problems }: ProblemList,
): void {
  doc.font('added');
  const recorded = recordTextOperators(doc, () => doc.text(PROBE, 10, 10));
  if (!recorded) {
    problems.push('PDFDocument#addContent: doc.text no longer writes its operators through it as strings');
  } else {
    if (recorded.highestSubsetId !== PROBE_GLYPHS) {
      problems.push("EmbeddedFont#subset.includeGlyph: doc.text no longer includes its glyphs through the subset's");
    }
    if (!recorded.operators.toString('latin1').includes(`/${addedFont.id} `)) {
      problems.push('PDFDocument#addContent: the operators of a text no longer select its font by EmbeddedFont#id');
    }
  }
  deflatePageContentsFast(doc);
  doc.addPage();
  doc.text(PROBE, 10, 10);
  doc.end();
  if (fontFile.calls !== 1) {
    problems.push('EmbeddedFont#embed: ending the document no longer takes the font file from subset.encode()');
  }
  // Nothing read the document: its bytes wait in the stream.
  const written = (doc.read() as Buffer | null) ?? Buffer.alloc(0);
  const pagesWithText = deflatedStreams(written).filter((text) => text.includes(`/${addedFont.id} `)).length;
  if (pagesWithText !== 2) {
    problems.push(
      "PDFPage#content: finalize() no longer writes each page's chunks from buffer, deflated and marked by data.Filter",
    );
  }
}

/**
 * Every part of pdfkit listed at the top of this file, checked on a scratch document with the report's regular font:
 * one line per part that is missing or behaves otherwise, naming it (empty when all is as expected). `Document` is
 * pdfkit's class (the contract test also gives it changed copies, to see each change named).
 */
export function findPdfkitInternalsProblems(Document: typeof PDFDocument = PDFDocument): string[] {
  const list = createProblemList();
  const { problems } = list;
  try {
    const doc = new Document({ font: null as unknown as string });
    const internals = internalsOf(doc);
    if (internals._font !== null) {
      problems.push('PDFDocument option font: null: a new document opened a default font anyway');
    }
    if (!documentHasShape(internals, list)) {
      return problems;
    }
    const font = openFont(doc, 'probe', loadReportFonts().regular);
    if (!list.expectShape('PDFDocument#_font (after doc.font)', font, 'object') || !font) {
      return problems;
    }
    if (font.id !== `F${internals._fontCount}` || internals._fontFamilies.probe !== font) {
      problems.push('PDFDocument#font: no longer files a new font as F<_fontCount> in _fontFamilies under its name');
    }
    if (!fontHasShape(font, list)) {
      return problems;
    }
    checkTextAndPages(doc, checkParsedFontCopy(doc, font, list), list);
  } catch (error) {
    problems.push(`pdfkit threw while checked: ${error instanceof Error ? error.message : String(error)}`);
  }
  return problems;
}

/** The streams of a PDF whose dictionary says FlateDecode, inflated (as latin1 text); those that do not inflate left out. */
function deflatedStreams(pdf: Buffer): string[] {
  const texts: string[] = [];
  for (let at = pdf.indexOf('\nstream\n'); at !== -1; at = pdf.indexOf('\nstream\n', at + 1)) {
    const dictionary = pdf.subarray(pdf.lastIndexOf(' obj', at), at).toString('latin1');
    const end = pdf.indexOf('\nendstream', at);
    if (dictionary.includes('/Filter /FlateDecode') && end !== -1) {
      try {
        texts.push(inflateSync(pdf.subarray(at + '\nstream\n'.length, end)).toString('latin1'));
      } catch {
        // Not deflated after all: not counted.
      }
    }
  }
  return texts;
}

let isUsable: boolean | undefined;

/**
 * Whether this thread may use the parts above: checked once per thread (pdf-worker.ts asks at start, so the check
 * runs while the worker warms up). If not, it warns once, naming what changed, and reports are drawn the plain way.
 */
export function canUsePdfkitInternals(): boolean {
  if (isUsable === undefined) {
    const problems = findPdfkitInternalsProblems();
    isUsable = problems.length === 0;
    if (!isUsable) {
      process.emitWarning(
        `pdfkit is not as reports/pdfkit-internals.ts expects (${problems.join('; ')}). Reports are drawn the ` +
          'plain way: the same pages, several times slower. See ARCHITECTURE.md, "Upgrading pdfkit".',
        { code: 'PID5_PDFKIT_INTERNALS' },
      );
    }
  }
  return isUsable;
}
