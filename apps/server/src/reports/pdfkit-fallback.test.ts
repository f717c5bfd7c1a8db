import { createHash } from 'node:crypto';
import type PDFDocument from 'pdfkit';
import { describe, expect, it, vi } from 'vitest';
import { demoReportInput } from '../../test/report-input';
import { TEST_REPORT_TIME_LIMIT_SECONDS } from '../../test/report-time-limit';
import { pdfPageImages } from '../../test/results-test-helpers';
import { createPdfPool } from './pdf-pool';
import { canUsePdfkitInternals } from './pdfkit-internals';
import { renderReportPdf } from './report-pdf';
import { reportTextCounts } from './pdf-text-replay';

// What a report thread does when pdfkit is not as pdfkit-internals.ts expects (as after an upgrade that changed its
// internals): it warns once and draws every report with pdfkit's public interface only. Here this test's pdfkit keeps
// no word layouts (a real pdfkit option standing in for a changed internal); the report threads of the pool load the
// real pdfkit, so the same report drawn there is the kept-and-replayed way to compare with.

vi.mock('pdfkit', async (importOriginal) => {
  const { default: RealPdfDocument } = await importOriginal<{ default: typeof PDFDocument }>();
  class PdfkitWithoutLayoutCache extends RealPdfDocument {
    constructor(options?: PDFKit.PDFDocumentOptions) {
      super({ ...options, fontLayoutCache: false });
    }
  }
  return { default: PdfkitWithoutLayoutCache };
});

function pageDigests(images: readonly Buffer[]): string[] {
  return images.map((image) => createHash('sha256').update(image).digest('hex'));
}

describe('reports when pdfkit is not as pdfkit-internals.ts expects', () => {
  it('are drawn the plain way after one warning naming the change, and look exactly as the fast way', async () => {
    const warnings: string[] = [];
    const listen = (warning: Error & { code?: string }) => {
      if (warning.code === 'PID5_PDFKIT_INTERNALS') {
        warnings.push(warning.message);
      }
    };
    process.on('warning', listen);
    const pool = createPdfPool({ size: 1, timeoutMs: TEST_REPORT_TIME_LIMIT_SECONDS * 1000 });
    try {
      const input = demoReportInput({ name: 'Zoë Ångström' });
      const before = reportTextCounts();
      await renderReportPdf(input);
      const plain = await renderReportPdf(input);
      const after = reportTextCounts();
      await new Promise((resolve) => setImmediate(resolve));

      expect(canUsePdfkitInternals()).toBe(false);
      expect(warnings).toEqual([expect.stringContaining('EmbeddedFont#layoutCache')]);
      expect(after.replayed - before.replayed).toBe(0);
      expect(after.recorded - before.recorded).toBe(0);
      expect(after.drawn - before.drawn).toBeGreaterThan(600);

      await pool.render(input);
      const fast = await pool.render(input);
      // The fast way embeds the fonts' whole base glyph sets (report-document.ts), the plain way only the glyphs used.
      expect(fast.byteLength).toBeGreaterThan(plain.byteLength);
      const plainPages = pageDigests(await pdfPageImages(plain));
      expect(plainPages).toHaveLength(6);
      expect(plainPages).toEqual(pageDigests(await pdfPageImages(fast)));
    } finally {
      process.off('warning', listen);
      await pool.close();
    }
    // A worker thread to start and four reports to draw and rasterise: more than the unit tests' default, and on a
    // loaded machine more than a minute (seen at 60 s beside three other test runs).
  }, 180_000);
});
