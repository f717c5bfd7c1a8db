import { fixedGlyphCount } from './report-document';

// Text for the report, drawn once per thread and replayed after. Nearly every text in a report (the explanations, the
// trait tables, the labels, the footers) is the same, at the same place, in every report, and laying it out again
// (wrapping, shaping, encoding glyphs) was most of a report's time. So the first time a text is drawn at a place,
// the drawing operators pdfkit writes for it are kept, and later reports write those bytes again.
// A replay is exact only if the same operators mean the same thing in the next document: same font, size, place,
// options and text (all in the key), nothing spilling onto a new page, and only glyphs whose subset ids are the same
// in every report (report-document.ts: the base set, included first in a fixed order). A text that used any other
// glyph (a name in another script) is drawn the ordinary way each time. Personal data (the patient's name) is drawn
// with doc.text directly, never through here, so no recording holds it after the report.

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
  page: { fonts: Record<string, unknown> };
}

interface Recording {
  /** The operators, as pdfkit writes them to the page (each followed by a newline). */
  content: Buffer;
  endX: number;
  endY: number;
}

/** Recordings kept per thread before starting afresh (a report has a few hundred texts; names add their own). */
export const MAX_RECORDINGS = 5_000;
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

function fontKey(doc: Doc, extra: string): string {
  const internals = doc as unknown as DocumentInternals;
  return `${internals._font?.id}|${internals._font?.name}|${internals._fontSize}|${extra}`;
}

/** doc.text(text, x, y, options) in the current font, size and colour, replayed when it can be. */
export function drawText(doc: Doc, text: string, x: number, y: number, options: TextOptions = {}): void {
  const internals = doc as unknown as DocumentInternals;
  const font = internals._font;
  const key = fontKey(
    doc,
    `${x}|${y}|${options.width}|${options.align}|${options.lineGap}|${options.lineBreak}|${text}`,
  );
  const recording = recordings.get(key);
  if (recording && font) {
    internals.page.fonts[font.id] ??= font.ref();
    internals.addContent(recording.content);
    doc.x = recording.endX;
    doc.y = recording.endY;
    counts.replayed++;
    return;
  }
  const fixedGlyphs = font ? fixedGlyphCount(font) : undefined;
  if (recording === null || !font?.subset || fixedGlyphs === undefined) {
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
    isReplayable ? { content: Buffer.from(parts.join('\n') + '\n', 'binary'), endX: doc.x, endY: doc.y } : null,
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
