import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfPageImages, pdfToText, pdfWords, rasterisePdf } from '../../test/results-test-helpers';
import {
  addParsedFont,
  canUsePdfkitInternals,
  createDocumentWithoutDefaultFont,
  findPdfkitInternalsProblems,
  parseFont,
  piecesAtSpaces,
  recordTextOperators,
  writeTextOperators,
  type FontParse,
} from './pdfkit-internals';
import { endReportDocument } from './report-document';
import { loadReportFonts } from './report-fonts';

// The contract between the reports and pdfkit's private parts (pdfkit-internals.ts). If a pdfkit upgrade changes any
// of them, these tests fail and say which; read pdfkit-internals.ts and ARCHITECTURE.md "Upgrading pdfkit".

const UPGRADE_HINT =
  'pdfkit changed under apps/server/src/reports/pdfkit-internals.ts (ARCHITECTURE.md, Upgrading pdfkit)';

/** pdfkit as if an upgrade had changed one of its internals (each one still draws documents). */
const CHANGED_PDFKITS: [change: string, Document: typeof PDFDocument, named: string][] = [
  [
    'the font count behind the ids F1, F2… is kept elsewhere',
    class extends PDFDocument {
      constructor(options?: PDFKit.PDFDocumentOptions) {
        super(options);
        delete (this as unknown as { _fontCount?: number })._fontCount;
      }
    },
    'PDFDocument#_fontCount: expected a number, found undefined',
  ],
  [
    'fonts keep no word layouts',
    class extends PDFDocument {
      constructor(options?: PDFKit.PDFDocumentOptions) {
        super({ ...options, fontLayoutCache: false });
      }
    },
    'EmbeddedFont#layoutCache: expected an object, found undefined',
  ],
  [
    'a document opens its default font even when told none',
    class extends PDFDocument {
      constructor(options?: PDFKit.PDFDocumentOptions) {
        super({ ...options, font: options?.font ?? 'Helvetica' });
      }
    },
    'PDFDocument option font: null',
  ],
  [
    'page contents are deflated whatever a stream says (so ours would be deflated twice)',
    class extends PDFDocument {
      constructor(options?: PDFKit.PDFDocumentOptions) {
        super(options);
        this.on('pageAdded', () => this.deflateTwice());
        this.deflateTwice();
      }
      private deflateTwice() {
        const content = (this as unknown as { page: { content: { buffer: Buffer[]; end(): void } } }).page.content;
        const end = content.end.bind(content);
        content.end = () => {
          content.buffer = [deflateSync(Buffer.concat(content.buffer))];
          end();
        };
      }
    },
    "PDFPage#content: finalize() no longer writes each page's chunks from buffer",
  ],
];

/** The regular font parsed once, with `text`'s glyphs as the fixed set; documents get it as the font 'kept', 11 pt. */
function keptFont(text: string): { parse: FontParse; fontFiles: number[][]; open(): PDFKit.PDFDocument } {
  const parse = parseFont(loadReportFonts().regular, text);
  const fontFiles: number[][] = [];
  return {
    parse,
    fontFiles,
    open() {
      const doc = createDocumentWithoutDefaultFont({ size: 'A4' });
      addParsedFont(doc, 'kept', parse.parsed, {
        layouts: parse.layouts,
        glyphs: parse.glyphs,
        fontFile: (glyphList, build) => {
          fontFiles.push([...glyphList]);
          return deflateSync(build());
        },
      });
      doc.font('kept').fontSize(11);
      return doc;
    },
  };
}

describe('the pdfkit internals the reports rely on', () => {
  it('are all there and behave as expected in the installed pdfkit', () => {
    expect(findPdfkitInternalsProblems(), UPGRADE_HINT).toEqual([]);
    expect(canUsePdfkitInternals()).toBe(true);
  });

  it.each(CHANGED_PDFKITS)('are named when one changes: %s', (_change, Document, named) => {
    expect(findPdfkitInternalsProblems(Document)).toContainEqual(expect.stringContaining(named));
  });

  it('let a text recorded in one document be written, moved, into another exactly where pdfkit draws it', async () => {
    const text = 'Moved operators: the same glyphs, shifted by one translation to where this text goes now.';
    const font = keptFont(text);
    const first = font.open();
    const recorded = recordTextOperators(first, () => first.text(text, 50, 60, { width: 200 }));
    if (!recorded) {
      throw new Error(`${UPGRADE_HINT}: nothing recorded`);
    }
    // Every glyph the text used is in the fixed set (ids 1…n in every document given the same glyphs).
    expect(recorded.highestSubsetId).toBe(font.parse.glyphs.length);

    const moved = font.open();
    writeTextOperators(moved, recorded.operators, 87.5, 342.25);
    const plain = font.open();
    plain.text(text, 137.5, 402.25, { width: 200 });
    const [movedPdf, plainPdf] = await Promise.all([endReportDocument(moved), endReportDocument(plain)]);

    const [movedWords, plainWords] = await Promise.all([pdfWords(movedPdf), pdfWords(plainPdf)]);
    expect(movedWords.length).toBeGreaterThan(10);
    expect(movedWords.map((word) => word.text)).toEqual(plainWords.map((word) => word.text));
    movedWords.forEach((word, i) => {
      expect(word.x).toBeCloseTo(plainWords[i]?.x ?? NaN, 2);
      expect(word.y).toBeCloseTo(plainWords[i]?.y ?? NaN, 2);
    });
    expect(await pdfPageImages(movedPdf)).toEqual(await pdfPageImages(plainPdf));
  });

  it('embed a font made from a parsed one from the font file given, with glyphs beyond the fixed set', async () => {
    const font = keptFont('Ada Lovelace');
    const doc = font.open();
    doc.text('Ada Lovelace, Жанна Ωmega Zoë', 50, 60);
    const pdf = await endReportDocument(doc);
    // One font file, asked for by the subset's glyph list: .notdef, the fixed set, then the glyphs met after it.
    expect(font.fontFiles).toHaveLength(1);
    expect(font.fontFiles[0]?.slice(0, font.parse.glyphs.length + 1)).toEqual([
      0,
      ...font.parse.glyphs.map((glyph) => glyph.glyphId),
    ]);
    expect(font.fontFiles[0]?.length).toBeGreaterThan(font.parse.glyphs.length + 1);
    expect(await pdfToText(pdf)).toContain('Ada Lovelace, Жанна Ωmega Zoë');
    expect((await rasterisePdf(pdf)).complaints).toBe('');
  });

  it('lay out a long fixed text in pieces at spaces: the same words and glyphs, in the same order, as in one go', () => {
    expect(piecesAtSpaces('one two three four', 5)).toEqual(['one two ', 'three ', 'four']);
    expect(piecesAtSpaces('one\ttwo three', 2)).toEqual(['one\t', 'two ', 'three']);
    expect(piecesAtSpaces('', 5)).toEqual([]);
    const words = ['Zoë', 'Ωmega', 'fine', 'Kooperationsbereitschaft', 'Жанна', '≥ 100', 'ffi-Ligatur', 'q.e.d.'];
    const text = Array.from({ length: 900 }, (_, i) => `${words[i % words.length]}${i % 7}`).join(' ');
    expect(text.length).toBeGreaterThan(5_000);
    const whole = createDocumentWithoutDefaultFont({});
    whole.registerFont('whole', loadReportFonts().regular).font('whole');
    const font = (whole as unknown as { _font: { encode(text: string): unknown; subset: { glyphs: number[] } } })._font;
    font.encode(text);
    const parse = parseFont(loadReportFonts().regular, text);
    expect([0, ...parse.glyphs.map((glyph) => glyph.glyphId)]).toEqual(font.subset.glyphs);
    expect(Object.keys(parse.layouts).sort()).toEqual([...new Set(text.split(/(?<= )/))].sort());
  });
});
