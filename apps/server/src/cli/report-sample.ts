import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { demoItemSet, scoreResponses } from '@pid5/instrument';
import { loadConfigOrExit } from '../config';
import { presentResults } from '../modules/results/results.presenter';
import { createDemoResponses } from '../reports/demo-responses';
import { formatReportDate } from '../reports/report-date';
import { renderReportPdf } from '../reports/report-pdf';

// `npm run report:sample [-- <file> [name] [responses]]`: writes a sample report from made-up demo answers (or the
// 220-character answer string given), without a server or database, to look at the layout (default
// ./sample-report.pdf, name 'Zoë Ångström Жанна'). E.g. responses '0123' repeated 55 times: a not interpretable one.

const config = loadConfigOrExit();
const file = resolve(process.argv[2] ?? 'sample-report.pdf');
const name = process.argv[3] ?? 'Zoë Ångström Жанна';
const now = new Date();
const responses = process.argv[4] ?? createDemoResponses();
const results = presentResults(scoreResponses(responses), {
  assessmentId: 0,
  isFinished: true,
  finishedAt: now,
  scoresSource: 'live',
  itemSet: { id: demoItemSet.id, title: demoItemSet.title, isDemo: true },
  responses: null,
});
const started = performance.now();
const pdf = await renderReportPdf({
  name,
  // The machine's own locale, as a browser would send it.
  dateText: formatReportDate({ date: now, acceptLanguage: new Intl.DateTimeFormat().resolvedOptions().locale }).text,
  results,
  instituteName: config.instituteName,
  copyrightYear: config.reportCopyrightYear ?? now.getFullYear(),
});
writeFileSync(file, pdf);
console.log(`Wrote ${file} (${Math.round(pdf.byteLength / 1024)} kB in ${Math.round(performance.now() - started)} ms)`);
console.log(`Responses: ${responses}`);
