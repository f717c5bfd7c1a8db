import { describe, expect, it } from 'vitest';
import { createDemoResponses } from '@pid5/instrument';
import { demoReportInput } from '../../test/report-input';
import { pdfToText, rasterisePdf } from '../../test/results-test-helpers';
import { reportTextCounts } from './pdf-text-replay';
import { formatReportDate } from './report-date';
import { renderReportPdf } from './report-pdf';
import { renderScoreReportPdf } from './score-report-pdf';
import { demoScoreReportInput } from '../../test/report-input';
import { SECTION_TITLES } from './report-wording';

const date = new Date('2026-11-26T10:00:00Z');

describe("the patient's report of a test given in German", () => {
  it('is in German: title, sections, tables, level words, German date; with the German norms beside the US ones', async () => {
    const dateText = formatReportDate({ date, acceptLanguage: 'en-US', language: 'de' }).text;
    const pdf = await renderReportPdf({ ...demoReportInput({ name: 'Jürgen Weiß' }), language: 'de', dateText });
    const text = (await pdfToText(pdf)).replace(/\s+/g, ' ');
    expect(text).toContain('Persönlichkeitsprofil');
    expect(text).toContain('Name: Jürgen Weiß');
    expect(text).toContain('Datum: 26. November 2026');
    for (const heading of ['So lesen Sie Ihr Persönlichkeitsprofil', 'Domänen', 'Facetten der Persönlichkeit']) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('Schwierigkeiten begegnen, Stärken nutzen');
    expect(text).toContain('Über diesen Bericht');
    expect(text).toContain('Bearbeitete Version: Vollversion (PID-5, 220 Items).');
    expect(text).toMatch(/Abk\. Domäne Was beschrieben wird T-Wert T \(DE\) Ausprägung/);
    expect(text).toContain('Negative Affektivität');
    expect(text).toContain('Ungewöhnliche Überzeugungen und Erfahrungen');
    expect(text).toMatch(/Nicht erhöht/);
    expect(text).toMatch(/Seite 1 von \d/);
    expect(text).toContain('„So lesen Sie die Werte“');
    // No English section left.
    for (const title of Object.values(SECTION_TITLES)) {
      expect(text).not.toContain(title);
    }
    expect(text).not.toMatch(/\b(Page \d|Not elevated|What it describes|Your level)\b/);
    expect((await rasterisePdf(pdf)).complaints).toBe('');
  });

  it('replays every German fixed text from the second report on (their letters are in the base glyph sets)', async () => {
    const german = { ...demoReportInput({ name: 'Zoë Ångström' }), language: 'de' as const };
    await renderReportPdf(german);
    const before = reportTextCounts();
    const text = await pdfToText(await renderReportPdf(german));
    const after = reportTextCounts();
    expect(after.recorded - before.recorded).toBe(0);
    expect(after.drawn - before.drawn).toBe(0);
    expect(after.replayed - before.replayed).toBeGreaterThan(300);
    expect(text).toContain('Ängstlichkeit');
    expect(text).toContain('„Leicht“');
  });

  it('shows no German norms for the short and brief forms, which have none', async () => {
    const input = demoReportInput({ responses: createDemoResponses() });
    const brief = { ...input, results: { ...input.results, form: 'BF' as const } };
    const text = await pdfToText(await renderReportPdf({ ...brief, language: 'de', dateText: '26. November 2026' }));
    expect(text).not.toContain('T (DE)');
  });

  it('stays in English for a test given in English, whatever the date', async () => {
    const text = await pdfToText(await renderReportPdf({ ...demoReportInput(), language: 'en' }));
    expect(text).toContain('Personality Profile');
    expect(text).not.toContain('T (DE)');
    expect(text).not.toContain('Persönlichkeitsprofil');
  });
});

describe('the score report for a German-speaking reader', () => {
  it('is in German with decimal commas and German level words', async () => {
    const input = { ...demoScoreReportInput(), language: 'de' as const, dateText: '26. November 2026' };
    const text = (await pdfToText(await renderScoreReportPdf(input))).replace(/\s+/g, ' ');
    expect(text).toContain('PID-5-Auswertungsbericht');
    expect(text).toContain('Bericht erstellt 26. November 2026');
    expect(text).toMatch(/Abk\. Skala Domäne Rohwert T \(US\)/);
    expect(text).toMatch(/Negative Affektivität \(Domäne\) \d,\d\d \d+ \d+/);
    expect(text).toMatch(/Nicht erhöht|Leicht|Mäßig|Hoch/);
    expect(text).toContain('Antworten wie gegeben, vor der Umpolung');
    expect(text).not.toMatch(/\bNot elevated\b/);
  });
});
