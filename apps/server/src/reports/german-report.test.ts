import { describe, expect, it } from 'vitest';
import {
  createDemoResponses,
  getFormFullItems,
  demoItemSet,
  demoItemSetDe,
  VALIDITY_INTERPRETATION,
  scoreResponses,
} from '@pid5/instrument';
import { demoReportInput } from '../../test/report-input';
import { pdfToText, rasterisePdf, splitPages } from '../../test/results-test-helpers';
import { presentResults } from '../modules/results/results.presenter';
import { presentAnyResults } from '../modules/results/results-by-form';
import { withTraitModels } from '../modules/results/trait-models';
import { withVerdictIn } from '../modules/results/verdict-language';
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
    expect(text).toContain('Ausgefüllte Fassung: Vollversion (PID-5, 220 Items).');
    expect(text).toMatch(/Abk\. Domäne Was beschrieben wird/);
    // The German T of a woman aged 40 as published (female 35-49 row), its 95 % interval under it.
    expect(text).toMatch(/T-Wert T \(DE\) Ausprägung/);
    expect(text).toContain('(64,5–73,5)');
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

  it('keeps the domain table whole on the page of its chart, German rows being taller', async () => {
    const dateText = formatReportDate({ date, acceptLanguage: 'de', language: 'de' }).text;
    const pdf = await renderReportPdf({ ...demoReportInput({ name: 'Jürgen Weiß' }), language: 'de', dateText });
    const pages = splitPages(await pdfToText(pdf)).map((page) => page.replace(/\s+/g, ' '));
    const domainsPage = pages.find((page) => page.includes('Domänen Ausgefüllte Fassung'));
    expect(domainsPage).toBeDefined();
    for (const domain of [
      'Negative Affektivität',
      'Verschlossenheit',
      'Antagonismus',
      'Enthemmtheit',
      'Psychotizismus',
    ]) {
      expect(domainsPage, domain).toContain(domain);
    }
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

  it('shows the German T with its interval for the short and brief forms too, each from its own table', async () => {
    for (const form of ['SF', 'BF'] as const) {
      const responses = getFormFullItems(form)
        .map((item) => createDemoResponses()[item - 1] ?? '9')
        .join('');
      const results = withTraitModels(
        presentAnyResults(scoreResponses(responses, { form }), {
          assessmentId: 1,
          isFinished: true,
          finishedAt: date,
          scoresSource: 'frozen',
          itemSet: demoReportInput().results.itemSet,
          responses: null,
        }),
        { responses, gender: 'Female', age: 40 },
      );
      const input = { ...demoReportInput(), results, language: 'de' as const, dateText: '26. November 2026' };
      const text = (await pdfToText(await renderReportPdf(input))).replace(/\s+/g, ' ');
      expect(text, form).toContain('T (DE)');
      const negAf = results.domains.find((d) => d.key === 'NegAf')?.de;
      expect(text, form).toContain(`(${negAf?.intervalText.replace(/\./g, ',')})`);
    }
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
    expect(text).toMatch(/Negative Affektivität \(Domäne\) \d,\d\d \d+/);
    // The German T with its interval, in German decimals, for the woman aged 40 the report is of.
    expect(text).toContain('(63,8–75,5)');
    expect(text).toMatch(/Nicht erhöht|Leicht|Mittelgradig|Hoch/);
    expect(text).toContain('Antworten wie gegeben, vor der Umpolung');
    expect(text).not.toMatch(/\bNot elevated\b/);
  });
});

/** The fixed parts of every English sentence of the validity data (three words or more between placeholders). */
function englishValiditySentences(): string[] {
  const parts: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string' && !['source', 'citation', 'usedFor', 'description', 'name'].includes(key)) {
      parts.push(...value.split(/\{\w+\}/).filter((part) => /[a-z]{3,} [a-z]{2,} [a-z]{3,}/.test(part)));
    } else if (typeof value === 'object' && value !== null) {
      Object.entries(value).forEach(([k, v]) => walk(v, Array.isArray(value) ? key : k));
    }
  };
  walk(VALIDITY_INTERPRETATION, '');
  return parts.map((part) => part.trim().replace(/\s+/g, ' ')).filter((part) => part.length > 10);
}

describe("the score report's validity for a German-speaking reader", () => {
  /** The demo test's score report with the results as the server builds them for a German reader. */
  async function germanScoreReportPage1(responses: string): Promise<string> {
    const input = demoScoreReportInput({ responses });
    const results = withTraitModels(
      presentResults(withVerdictIn(scoreResponses(responses), 'de'), {
        assessmentId: 1,
        isFinished: true,
        finishedAt: date,
        scoresSource: 'frozen',
        itemSet: input.results.itemSet,
        responses: null,
      }),
      { responses, gender: 'Female', age: 40 },
    );
    const pdf = await renderScoreReportPdf({ ...input, results, language: 'de', dateText: '26. November 2026' });
    expect((await rasterisePdf(pdf)).complaints).toBe('');
    return (splitPages(await pdfToText(pdf))[0] ?? '').replace(/\s+/g, ' ');
  }

  it('page 1 has the German verdict and statements, numbers with decimal commas, no English validity sentence', async () => {
    const page1 = await germanScoreReportPage1(createDemoResponses());
    expect(page1).toContain('Urteil: Valide');
    expect(page1).toContain(
      'Valide: In den für diese Version verfügbaren Prüfungen kein Hinweis auf inkonsistente, überzeichnende oder übermäßig günstige Antworten oder ein festes Antwortmuster.',
    );
    expect(page1).toContain('Alle 220 Aussagen wurden beantwortet.');
    // The norms in the header: the product's own sets in German, their citations as published.
    expect(page1).toContain('T-Wert und Prozentrang: US-Allgemeinbevölkerung (Markon, Fossati, Somma & Krueger 2024)');
    expect(page1).toContain('T (DE): Deutsche Normen: Zimmermann, Kerber, Kemper & Weweck (2026)');
    expect(page1).toContain('Deutsche Frauen, 35–49 Jahre');
    expect(page1).not.toMatch(/general population/);
    expect(page1).toMatch(
      /Wert \d+ \(PR \d+(,\d)?, US-Normen\): Die Antworten auf nahezu bedeutungsgleiche Aussagenpaare/,
    );
    expect(page1).toMatch(/Streuung der Antworten \(Standardabweichung, 0 bis 1,5\): \d,\d\d/);
    expect(page1).toContain('Inkonsistenz (INC)');
    expect(page1).toContain('17 oder mehr: inkonsistentes Antworten');
    expect(englishValiditySentences().length).toBeGreaterThan(60);
    for (const sentence of englishValiditySentences()) {
      expect(page1).not.toContain(sentence);
    }
    expect(page1).not.toMatch(/US percentile|no sign of|statements were/);
  });

  it('a protocol that is not interpretable: what to do and why, in German', async () => {
    const page1 = await germanScoreReportPage1('0123'.repeat(55));
    expect(page1).toContain('Urteil: Nicht interpretierbar');
    expect(page1).toContain('Nicht interpretierbar: inkonsistente Antworten (INC 25; ab 17 inkonsistent)');
    expect(page1).toContain('Vorgehen: Das Merkmalsprofil weder interpretieren noch weitergeben. Im Gespräch klären');
    expect(page1).toContain('PR über 99, US-Normen');
    for (const sentence of englishValiditySentences()) {
      expect(page1).not.toContain(sentence);
    }
  });

  it("names an English test's demonstration items in German, with the set's id", async () => {
    const input = { ...demoScoreReportInput(), language: 'de' as const, dateText: '26. November 2026' };
    const text = (await pdfToText(await renderScoreReportPdf(input))).replace(/\s+/g, ' ');
    expect(text).toContain(`${demoItemSetDe.title} (${demoItemSet.id})`);
    expect(text).not.toContain(demoItemSet.title);
  });

  it("in English the validity words are the instrument's, as before", async () => {
    const input = demoScoreReportInput();
    const text = (await pdfToText(await renderScoreReportPdf({ ...input, language: 'en' }))).replace(/\s+/g, ' ');
    expect(text).toContain(VALIDITY_INTERPRETATION.verdicts.valid.summary);
    expect(text).not.toContain('Valide');
  });
});
