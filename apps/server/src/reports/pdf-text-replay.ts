import {
  canUsePdfkitInternals,
  currentFont,
  currentFontKey,
  pageContentBottom,
  recordTextOperators,
  writeTextOperators,
} from './pdfkit-internals';
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
// doc.text directly, never through here. How operators are recorded and written again is pdfkit-internals.ts's part;
// if pdfkit is not as that module expects, every text is drawn with doc.text.

type Doc = PDFKit.PDFDocument;

export interface TextOptions {
  width?: number;
  align?: 'left' | 'right' | 'center';
  lineGap?: number;
  lineBreak?: boolean;
}

interface Recording {
  /** The operators, as pdfkit writes them to the page (each followed by a newline). */
  operators: Buffer;
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

/** doc.text(text, x, y, options) in the current font, size and colour, replayed when it can be. */
export function drawText(doc: Doc, text: string, x: number, y: number, options: TextOptions = {}): void {
  const font = canUsePdfkitInternals() ? currentFont(doc) : undefined;
  const fixedGlyphs = font ? fixedGlyphCount(font) : undefined;
  if (fixedGlyphs === undefined) {
    doc.text(text, x, y, options);
    counts.drawn++;
    return;
  }
  const key = `${currentFontKey(doc)}|${options.width}|${options.align}|${options.lineGap}|${options.lineBreak}|${text}`;
  const recording = recordings.get(key);
  if (recording) {
    const dx = x - recording.x;
    const dy = y - recording.y;
    if (dy <= 0 || recording.endY + dy <= pageContentBottom(doc)) {
      writeTextOperators(doc, recording.operators, dx, dy);
      doc.x = recording.endX + dx;
      doc.y = recording.endY + dy;
      counts.replayed++;
      return;
    }
  }
  if (recording !== undefined) {
    doc.text(text, x, y, options);
    counts.drawn++;
    return;
  }
  // Record: what pdfkit writes, and whether every glyph it used has a fixed id.
  const recorded = recordTextOperators(doc, () => doc.text(text, x, y, options));
  keepBounded(
    recordings,
    key,
    recorded && recorded.highestSubsetId < fixedGlyphs
      ? { operators: recorded.operators, x, y, endX: doc.x, endY: doc.y }
      : null,
  );
  counts.recorded++;
}

/** doc.heightOfString(text, options) in the current font and size, measured once per thread. */
export function measureText(doc: Doc, text: string, options: { width: number; lineGap?: number }): number {
  const fontKey = canUsePdfkitInternals() ? currentFontKey(doc) : undefined;
  if (fontKey === undefined) {
    return doc.heightOfString(text, options);
  }
  const key = `${fontKey}|${options.width}|${options.lineGap}|${text}`;
  let height = heights.get(key);
  if (height === undefined) {
    height = doc.heightOfString(text, options);
    keepBounded(heights, key, height);
  }
  return height;
}
