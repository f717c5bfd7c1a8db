import { describe, expect, it } from 'vitest';
import { demoReportInput } from '../../test/report-input';
import { pdfToText, pdfWords, rasterisePdf } from '../../test/results-test-helpers';
import { cachedReportFonts, createReportDocument, endReportDocument } from './report-document';
import { renderReportPdf, type ReportInput } from './report-pdf';
import { drawText, reportTextCounts, reportTextRecordingKeys } from './pdf-text-replay';

// What each thread keeps between reports (report-document.ts: fonts, base glyph sets, font files; pdf-text-replay.ts:
// recorded texts) must not change a report: the same input gives the same text, a later report with new characters
// still embeds and maps them, and every page still draws.

function reportFor(name: string): ReportInput {
  return demoReportInput({ name });
}

describe('reports drawn with what the thread kept from earlier reports', () => {
  it('keeps the four fonts after the first report, and draws later reports exactly as the first', async () => {
    const first = await pdfToText(await renderReportPdf(reportFor('Ada Lovelace')), { layout: true });
    expect(cachedReportFonts().sort()).toEqual(['bold', 'condensed', 'condensedBold', 'regular']);
    const other = await pdfToText(await renderReportPdf(reportFor('Жанна Ωmega Zoë Ångström')), { layout: true });
    const again = await pdfToText(await renderReportPdf(reportFor('Ada Lovelace')), { layout: true });
    expect(again).toBe(first);
    // Characters no earlier report used are embedded in this report's own font subset and read back.
    expect(other).toContain('Name: Жанна Ωmega Zoë Ångström');
    expect(other.replace('Жанна Ωmega Zoë Ångström', 'Ada Lovelace')).toBe(first);
  });

  it('replays every fixed text from the second report on, and never records the name', async () => {
    await renderReportPdf(reportFor('Zoë Ångström'));
    const before = reportTextCounts();
    await renderReportPdf(reportFor('Zoë Ångström'));
    const after = reportTextCounts();
    expect(after.recorded - before.recorded).toBe(0);
    expect(after.drawn - before.drawn).toBe(0);
    expect(after.replayed - before.replayed).toBeGreaterThan(300);
  });

  it('draws every page without a font error, from kept font files and from newly built ones', async () => {
    for (const name of ['Ada Lovelace', 'Ada Lovelace', 'Жанна Ωmega', 'Жанна Ωmega', 'Ψ Ё ŉ']) {
      const { pages, complaints } = await rasterisePdf(await renderReportPdf(reportFor(name)));
      expect(complaints).toBe('');
      expect(pages).toBe(6);
    }
  });

  it('keeps no recording of a name: an ASCII name is drawn anew in every report', async () => {
    await renderReportPdf(reportFor('Ada Lovelace'));
    const before = reportTextCounts();
    await renderReportPdf(reportFor('Grace Hopper'));
    await renderReportPdf(reportFor('Grace Hopper'));
    const after = reportTextCounts();
    expect(after.recorded - before.recorded).toBe(0);
    expect(reportTextRecordingKeys().some((key) => key.includes('Grace') || key.includes('Ada'))).toBe(false);
  });

  it('never replays a text whose glyphs have numbers that differ between documents', async () => {
    // In the first document 'Ж' is met after 'Ω', in the second before it: their subset numbers differ, so the
    // operators recorded for 'ЖΩ' in the first would show other glyphs in the second.
    const first = createReportDocument({ size: 'A4' }, () => []);
    first.font('regular').fontSize(12);
    drawText(first, 'Ω', 50, 50);
    drawText(first, 'ЖΩ', 50, 80);
    await endReportDocument(first);
    const second = createReportDocument({ size: 'A4' }, () => []);
    second.font('regular').fontSize(12);
    drawText(second, 'Ж', 50, 50);
    drawText(second, 'ЖΩ', 50, 80);
    const text = await pdfToText(await endReportDocument(second));
    expect(text).toContain('ЖΩ');
  });

  /** A document with nothing drawn yet, in the regular font at 11 pt (pdfkit's default margins: 72 pt). */
  function documentIn11pt(): PDFKit.PDFDocument {
    const doc = createReportDocument({ size: 'A4' }, () => []);
    doc.font('regular').fontSize(11);
    return doc;
  }

  /** Draws `text` once near the top of a page, so this thread holds its recording. */
  async function recordNearTheTop(text: string, width: number): Promise<void> {
    const doc = documentIn11pt();
    drawText(doc, text, 50, 60, { width });
    await endReportDocument(doc);
  }

  it('replays a text drawn elsewhere before exactly where pdfkit would have drawn it', async () => {
    const paragraph = 'Moved text: the same operators, shifted to where this text is drawn now.';
    await recordNearTheTop(paragraph, 200);

    const replayed = documentIn11pt();
    const before = reportTextCounts();
    drawText(replayed, paragraph, 137.5, 402.25, { width: 200 });
    expect(reportTextCounts().replayed - before.replayed).toBe(1);
    const endAfterReplay = { x: replayed.x, y: replayed.y };

    const plain = documentIn11pt();
    plain.text(paragraph, 137.5, 402.25, { width: 200 });
    expect(endAfterReplay).toEqual({ x: plain.x, y: plain.y });

    const [replayedWords, plainWords] = await Promise.all([
      endReportDocument(replayed).then((pdf) => pdfWords(pdf)),
      endReportDocument(plain).then((pdf) => pdfWords(pdf)),
    ]);
    expect(replayedWords.length).toBeGreaterThan(5);
    expect(replayedWords.map((w) => w.text)).toEqual(plainWords.map((w) => w.text));
    replayedWords.forEach((word, i) => {
      expect(word.x).toBeCloseTo(plainWords[i]?.x ?? NaN, 2);
      expect(word.y).toBeCloseTo(plainWords[i]?.y ?? NaN, 2);
    });
  });

  it('does not replay a text moved so low that pdfkit would have started a new page for it', async () => {
    const paragraph = 'Three lines of text at least, drawn first near the top of a page, then again near its bottom.';
    await recordNearTheTop(paragraph, 120);

    const second = documentIn11pt();
    const before = reportTextCounts();
    drawText(second, paragraph, 50, second.page.maxY() - 20, { width: 120 });
    expect(reportTextCounts().replayed - before.replayed).toBe(0);
    const { pages } = await rasterisePdf(await endReportDocument(second));
    expect(pages).toBe(2);
  });
});
