import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  compareAdministrations,
  getFormFullItems,
  levelStartsInT,
  scoreResponses,
  US_NORM_TABLES,
  type FormId,
} from '@pid5/instrument';
import { loadConfigOrExit } from '../config';
import { loadItemSets } from '../modules/item-sets/load-item-set';
import { presentAnyResults } from '../modules/results/results-by-form';
import { bfmOfTest, germanReadingsOfScore, withTraitModels } from '../modules/results/trait-models';
import { validityWordingOptions, withVerdictIn } from '../modules/results/verdict-language';
import { createDemoResponses } from '@pid5/instrument';
import { isLanguage, type Language } from '@pid5/i18n';
import { formatReportDate } from '../reports/report-date';
import { renderComparisonPdf } from '../reports/comparison-report/comparison-pdf';
import { renderReportPdf } from '../reports/report-pdf';
import { renderScoreReportPdf } from '../reports/score-report-pdf';

// `npm run report:sample [-- <file> [name] [responses]]`: writes a sample report from made-up demo answers (or the
// 220-character answer string given), without a server or database, to look at the layout (default
// ./sample-report.pdf, name 'Zoë Ångström Жанна', and the score report beside it). The form follows the answers'
// length (220, 100 or 25). E.g. responses '0123' repeated 55 times: a not interpretable one.
// `npm run report:sample -- --all <folder>`: both reports of every form, for a valid and a not-interpretable
// protocol (12 PDFs) and a comparison of two administrations, e.g. to render with `pdftoppm -png -r 60` and look at every page.
// `--lang de` (before the other arguments): the reports in German (the patient's as of a test given in German, the
// score report as for a German-speaking reader).

const config = loadConfigOrExit();
const now = new Date();
const args = process.argv.slice(2);
const langAt = args.indexOf('--lang');
const language: Language = langAt >= 0 && isLanguage(args[langAt + 1]) ? (args[langAt + 1] as Language) : 'en';
if (langAt >= 0) {
  args.splice(langAt, 2);
}
const dateText = formatReportDate({
  date: now,
  acceptLanguage: new Intl.DateTimeFormat().resolvedOptions().locale,
  language,
}).text;
const footer = { instituteName: config.instituteName, copyrightYear: config.reportCopyrightYear ?? now.getFullYear() };

// The item sets as the server loads them (the configured files, else the demonstration sets of every language).
const itemSets = loadItemSets({
  file: config.itemSetFile,
  files: config.itemSetFiles,
  defaultLanguage: config.defaultTestLanguage,
});

/** The form's answers taken from a 220-character full-form string (each short or brief item is a full item). */
function forForm(form: FormId, full: string): string {
  return getFormFullItems(form)
    .map((item) => full[item - 1] ?? '9')
    .join('');
}

/** A test given in the sample's language: its item set, its validity words (the server's rule for both reports). */
function resultsOf(form: FormId, responses: string) {
  const itemSet = itemSets.forTest(language);
  const score = withVerdictIn(scoreResponses(responses, { form, normTables: US_NORM_TABLES }), language);
  const results = presentAnyResults(score, {
    assessmentId: 0,
    isFinished: true,
    finishedAt: now,
    scoresSource: 'live',
    itemSet: { id: itemSet.id, title: itemSet.title, isDemo: itemSet.isDemo },
    responses: null,
  });
  // The German T, ICD-11 trait domains and AMPD profiles of a made-up woman aged 40, as the server reads them.
  return withTraitModels(results, { responses, gender: 'Female', age: 40 });
}

if (args[0] === '--all') {
  const folder = resolve(args[1] ?? 'sample-reports');
  mkdirSync(folder, { recursive: true });
  const protocols = {
    valid: createDemoResponses(),
    // Alternating answers: inconsistent on INC; the short and brief forms get more than a quarter of their items
    // unanswered instead.
    invalid: '0123'.repeat(55),
  };
  for (const form of ['FULL', 'SF', 'BF'] as const) {
    for (const [kind, full] of Object.entries(protocols)) {
      let responses = forForm(form, full);
      if (form !== 'FULL' && kind === 'invalid') {
        const unanswered = Math.floor(responses.length / 4) + 1;
        responses = '9'.repeat(unanswered) + forForm(form, protocols.valid).slice(unanswered);
      }
      const results = resultsOf(form, responses);
      const base = join(folder, `${form.toLowerCase()}-${kind}`);
      writeFileSync(
        `${base}-patient.pdf`,
        await renderReportPdf({ language, name: 'Zoë Ångström', dateText, results, ...footer }),
      );
      writeFileSync(
        `${base}-score.pdf`,
        await renderScoreReportPdf({
          kind: 'score-report',
          language,
          patientId: `SAMPLE-${form}`,
          createdText: dateText,
          submittedText: dateText,
          dateText,
          results,
          responses,
          ...footer,
        }),
      );
      console.log(`${base}: ${results.validityVerdict.label}`);
    }
  }
  // The comparison of two full-form administrations: the demo answers, then the same with every fifth answer one up.
  const later = [...protocols.valid].map((a, i) => (i % 5 === 0 ? String(Math.min(3, Number(a) + 1)) : a)).join('');
  const compared = compareAdministrations(
    scoreResponses(protocols.valid, { normTables: US_NORM_TABLES }),
    scoreResponses(later, { normTables: US_NORM_TABLES }),
    undefined,
    validityWordingOptions(language),
  );
  const starts = (key: string) => {
    const table = US_NORM_TABLES.tables.FULL[key];
    return table ? levelStartsInT(table.rows) : null;
  };
  // The German T and ICD-11 trait domains of a woman aged 40, then 41.
  const woman = (responses: string, age: number) => ({ form: 'FULL', responses, gender: 'Female', age });
  const earlierDe = germanReadingsOfScore(
    scoreResponses(protocols.valid, { normTables: US_NORM_TABLES }),
    woman('', 40),
  );
  const laterDe = germanReadingsOfScore(scoreResponses(later, { normTables: US_NORM_TABLES }), woman('', 41));
  const earlierBfm = bfmOfTest(woman(protocols.valid, 40));
  const laterBfm = bfmOfTest(woman(later, 41));
  const administration = (id: number, validity: typeof compared.first) => ({
    id,
    form: 'FULL' as const,
    createdAt: now.toISOString(),
    finishedAt: now.toISOString(),
    validity: { verdict: validity.verdict, label: validity.label, summary: validity.summary },
  });
  writeFileSync(
    join(folder, 'comparison.pdf'),
    await renderComparisonPdf({
      kind: 'comparison',
      language,
      dateText,
      ...footer,
      comparison: {
        patientId: 'SAMPLE-FULL',
        first: administration(1, compared.first),
        second: administration(2, compared.second),
        isChangeInterpretable: compared.isChangeInterpretable,
        validityStatement: compared.validityStatement,
        isSameForm: compared.isSameForm,
        formsStatement: compared.formsStatement,
        scales: compared.scales.map((scale) => ({
          ...scale,
          first: { ...scale.first, levelStarts: starts(scale.key), de: earlierDe.scales[scale.key] ?? null },
          second: { ...scale.second, levelStarts: starts(scale.key), de: laterDe.scales[scale.key] ?? null },
        })),
        rciRule: compared.rciRule,
        reliabilityRule: compared.reliabilityRule,
        germanGroups: { first: earlierDe.group, second: laterDe.group },
        icd11: earlierBfm && laterBfm ? { first: earlierBfm, second: laterBfm } : null,
      },
    }),
  );
  console.log(`${join(folder, 'comparison.pdf')}: the comparison`);
} else {
  const file = resolve(args[0] ?? 'sample-report.pdf');
  const name = args[1] ?? 'Zoë Ångström Жанна';
  const responses = args[2] ?? createDemoResponses();
  const started = performance.now();
  // The form follows the answers' length: 220 full, 100 short, 25 brief.
  const form: FormId = responses.length === 100 ? 'SF' : responses.length === 25 ? 'BF' : 'FULL';
  const results = resultsOf(form, responses);
  const pdf = await renderReportPdf({ language, name, dateText, results, ...footer });
  writeFileSync(file, pdf);
  const scoreFile = file.replace(/\.pdf$/, '') + '-score.pdf';
  writeFileSync(
    scoreFile,
    await renderScoreReportPdf({
      kind: 'score-report',
      language,
      patientId: `SAMPLE-${form}`,
      createdText: dateText,
      submittedText: dateText,
      dateText,
      results,
      responses,
      ...footer,
    }),
  );
  console.log(`Wrote ${scoreFile}: the score report`);
  console.log(
    `Wrote ${file} (${Math.round(pdf.byteLength / 1024)} kB in ${Math.round(performance.now() - started)} ms)`,
  );
  console.log(`Responses: ${responses}`);
}
