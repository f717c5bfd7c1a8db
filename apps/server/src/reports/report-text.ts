import { fixedGlyphCount } from './report-document';

// Text for the report, laid out once per thread and replayed after. Nearly every text in a report (the explanations,
// the trait tables, the labels, the footers, and the score numbers, which repeat across patients) has been drawn
// before, and laying it out again (wrapping, shaping, encoding glyphs) was most of a report's time. So the first time
// a text is drawn, the operators pdfkit writes for it are kept with where it was drawn, and later a text drawn
// anywhere writes those bytes again, shifted to its place by one translation.
// A replay is exact only if the same operators mean the same thing in the next document: same font, size and options
// and text (all in the key; pdfkit's operators do not depend on the current transformation), nothing spilling onto
// a new page (a shifted replay must also end above the page's bottom margin, as pdfkit would otherwise have started a
// new page), and only glyphs whose subset ids are the same in every report (report-document.ts: the base set, included
// first in a fixed order). A text that used any other glyph (a name in another script) is drawn the ordinary way each
// time. A recording holds a text and nothing of where or for whom it was drawn; the patient's name is drawn with
// doc.text directly, never through here.

type Doc = PDFKit.PDFDocument;

export interface TextOptions {
  width?: number;
  align?: 'left' | 'right' | 'center';
  lineGap?: number;
  lineBreak?: boolean;
}

/** The parts of pdfkit's document this reads: its current font and size, its content writer, the page's fonts. */
interface DocumentInternals {
  _font?: { id: string; name: string; ref(): unknown; subset?: { includeGlyph(glyphId: number): number } };
  _fontSize?: number;
  addContent(data: unknown): unknown;
  page: { fonts: Record<string, unknown>; maxY(): number };
}

interface Recording {
  /** The operators, as pdfkit writes them to the page (each followed by a newline). */
  content: Buffer;
  /** Where it was drawn, and where pdfkit left x and y after it. */
  x: number;
  y: number;
  endX: number;
  endY: number;
}

/**
 * Recordings kept per thread before starting afresh: a few hundred fixed texts, plus the score numbers in each of
 * the few places they are printed (about a thousand distinct values each) and the validity statements.
 */
const MAX_RECORDINGS = 20_000;
/** null: drawn, not replayable (kept so it is not recorded again each time). */
const recordings = new Map<string, Recording | null>();
const heights = new Map<string, number>();
const counts = { replayed: 0, recorded: 0, drawn: 0 };

/** For tests: how many texts were replayed, recorded and drawn the ordinary way since the thread started. */
export function reportTextCounts(): Readonly<typeof counts> {
  return { ...counts };
}

/** For tests: the keys of the kept recordings (font, size, place, options and text). */
export function reportTextRecordingKeys(): string[] {
  return [...recordings.keys()];
}

function keepBounded<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= MAX_RECORDINGS) {
    map.clear();
  }
  map.set(key, value);
}

/** A number as PDF content writes it: plain decimals, never exponent notation. */
function pdfNumber(value: number): string {
  return String(Math.round(value * 10_000) / 10_000);
}

function fontKey(doc: Doc, extra: string): string {
  const internals = doc as unknown as DocumentInternals;
  return `${internals._font?.id}|${internals._font?.name}|${internals._fontSize}|${extra}`;
}

/** doc.text(text, x, y, options) in the current font, size and colour, replayed when it can be. */
export function drawText(doc: Doc, text: string, x: number, y: number, options: TextOptions = {}): void {
  const internals = doc as unknown as DocumentInternals;
  const font = internals._font;
  const key = fontKey(doc, `${options.width}|${options.align}|${options.lineGap}|${options.lineBreak}|${text}`);
  const recording = recordings.get(key);
  const dx = recording ? x - recording.x : 0;
  const dy = recording ? y - recording.y : 0;
  if (recording && font && (dy <= 0 || recording.endY + dy <= internals.page.maxY())) {
    internals.page.fonts[font.id] ??= font.ref();
    if (dx === 0 && dy === 0) {
      internals.addContent(recording.content);
    } else {
      // Drawn elsewhere before: the same operators, moved by one translation (and the state restored after).
      internals.addContent(`q\n1 0 0 1 ${pdfNumber(dx)} ${pdfNumber(dy)} cm`);
      internals.addContent(recording.content);
      internals.addContent('Q');
    }
    doc.x = recording.endX + dx;
    doc.y = recording.endY + dy;
    counts.replayed++;
    return;
  }
  const fixedGlyphs = font ? fixedGlyphCount(font) : undefined;
  if (recording !== undefined || !font?.subset || fixedGlyphs === undefined) {
    doc.text(text, x, y, options);
    counts.drawn++;
    return;
  }
  // Record: what pdfkit writes, and whether every glyph it used has a fixed id.
  const { subset } = font;
  const page = internals.page;
  const parts: string[] = [];
  let isReplayable = true;
  const includeGlyph = subset.includeGlyph;
  const write = internals.addContent.bind(doc);
  subset.includeGlyph = (glyphId: number) => {
    const subsetId = includeGlyph.call(subset, glyphId);
    isReplayable &&= subsetId < fixedGlyphs;
    return subsetId;
  };
  internals.addContent = (data: unknown) => {
    if (typeof data === 'string') {
      parts.push(data);
    } else {
      isReplayable = false;
    }
    return write(data);
  };
  try {
    doc.text(text, x, y, options);
  } finally {
    delete (internals as Partial<DocumentInternals>).addContent;
    delete (subset as Partial<typeof subset>).includeGlyph;
  }
  isReplayable &&= internals.page === page;
  keepBounded(
    recordings,
    key,
    isReplayable ? { content: Buffer.from(parts.join('\n') + '\n', 'binary'), x, y, endX: doc.x, endY: doc.y } : null,
  );
  counts.recorded++;
}

/** doc.heightOfString(text, options) in the current font and size, measured once per thread. */
export function measureText(doc: Doc, text: string, options: { width: number; lineGap?: number }): number {
  const key = fontKey(doc, `${options.width}|${options.lineGap}|${text}`);
  let height = heights.get(key);
  if (height === undefined) {
    height = doc.heightOfString(text, options);
    keepBounded(heights, key, height);
  }
  return height;
}
