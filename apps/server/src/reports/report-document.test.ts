import { describe, expect, it } from 'vitest';
import { demoItemSet, scoreResponses } from '@pid5/instrument';
import { presentResults } from '../modules/results/results.presenter';
import { pdfToText } from '../modules/results/results-test-helpers';
import { createDemoResponses } from './demo-responses';
import { cachedReportFonts } from './report-document';
import { renderReportPdf, type ReportInput } from './report-pdf';

// The fonts and word layouts kept between reports (report-document.ts) must not change a report: the same input
// gives the same text, and a later report with new characters still embeds and maps them.

function reportFor(name: string): ReportInput {
  const results = presentResults(scoreResponses(createDemoResponses()), {
    assessmentId: 1,
    isFinished: true,
    finishedAt: new Date('2026-01-15T10:00:00Z'),
    scoresSource: 'frozen',
    itemSet: { id: demoItemSet.id, title: demoItemSet.title, isDemo: true },
    responses: null,
  });
  return { name, dateText: '15 January 2026', results, instituteName: 'Test Institute', copyrightYear: 2026 };
}

describe('reports drawn with the fonts kept between documents', () => {
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
});
