// Prints, for three made-up protocols, every number the German norms, the PID5BF+M and the AMPD profiles give,
// beside the table row it was read from (file and line of the platform's CSV, and the row's cells), as Markdown:
//
//   npx tsx packages/instrument/scripts/print-sample-protocols.ts [<folder with the four CSV files>]
//
// With the folder, each row is also printed as the CSV file has it at that line, so the reading can be checked
// against the published file itself.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AnyScoreResult,
  createDemoResponses,
  getFormFullItems,
  type GermanNormReading,
  germanNormCellName,
  type NormReference,
  readGermanNorms,
  scoreAmpdProfiles,
  scoreBfmFromFullForm,
  scoreResponses,
} from '../src/index';

const csvFolder = process.argv[2];
const csvLines = new Map<string, string[]>();

function csvLine(file: string, line: number): string {
  if (csvFolder === undefined) {
    return '';
  }
  let lines = csvLines.get(file);
  if (lines === undefined) {
    lines = readFileSync(join(csvFolder, `${file}.csv`), 'utf8').split('\n');
    csvLines.set(file, lines);
  }
  return ` \`${lines[line - 1] ?? '?'}\` |`;
}

const fmt = (value: number | null | undefined, digits = 4) =>
  value === null || value === undefined ? '–' : String(Number(value.toFixed(digits)));

function row(key: string, reading: GermanNormReading | null, score: number | null): string {
  if (reading === null) {
    return `| ${key} | ${fmt(score)} | not scored | | | |${csvFolder === undefined ? '' : '  |'}`;
  }
  const r = reading.row;
  return (
    `| ${key} | ${fmt(score)} | ${reading.table.file}.csv:${r.line} (raw ${r.raw}) | ${r.t} [${r.tLow}, ${r.tHigh}] | ` +
    `${r.percentile} | ${r.extrapolated ? 'yes' : 'no'} |${csvLine(reading.table.file, r.line)}`
  );
}

function header(title: string): string {
  return [
    `\n#### ${title}\n`,
    `| Scale | Raw score | Row read | T (DE) [95 % interval] | Percentile | Extrapolated |${csvFolder === undefined ? '' : ' CSV line |'}`,
    `|---|---|---|---|---|---|${csvFolder === undefined ? '' : '---|'}`,
  ].join('\n');
}

function printForm(result: AnyScoreResult, reference: NormReference): void {
  const norms = readGermanNorms(result, reference);
  const scores: Record<string, number | null> = {};
  if (result.form === 'BF') {
    Object.values(result.domains).forEach((d) => (scores[d.key] = d.score));
    scores.Total = result.total.score;
  } else {
    Object.values(result.facets).forEach((f) => (scores[f.key] = f.score));
    Object.values(result.domains).forEach((d) => (scores[d.key] = d.score));
  }
  console.log(header(`${result.formInfo.label}: German norms (${germanNormCellName(norms.group.cell)})`));
  for (const [key, reading] of Object.entries(norms.scales)) {
    console.log(row(key, reading, scores[key] ?? null));
  }
}

const PROTOCOLS: readonly { name: string; responses: string; reference: NormReference }[] = [
  {
    name: 'Demo protocol (raised negative affect and detachment), woman aged 40',
    responses: createDemoResponses(),
    reference: { gender: 'female', age: 40 },
  },
  {
    name: 'Low scorer (every facet near 0.3), man aged 67',
    responses: createDemoResponses({ seed: 7, targets: {}, baseline: 0.3 }),
    reference: { gender: 'male', age: 67 },
  },
  {
    name: 'High scorer (every facet near 2.3), gender diverse, aged 25',
    responses: createDemoResponses({ seed: 11, targets: {}, baseline: 2.3 }),
    reference: { gender: 'diverse', age: 25 },
  },
];

for (const protocol of PROTOCOLS) {
  console.log(`\n### ${protocol.name}`);
  const full = scoreResponses(protocol.responses);
  const group = readGermanNorms(full, protocol.reference).group;
  console.log(
    `\nReference group: ${germanNormCellName(group.cell)}; fallbacks: ${group.fallbacks.join(', ') || 'none'}.`,
  );
  printForm(full, protocol.reference);
  for (const form of ['SF', 'BF'] as const) {
    const responses = getFormFullItems(form)
      .map((item) => protocol.responses[item - 1])
      .join('');
    printForm(scoreResponses(responses, { form }), protocol.reference);
  }
  const bfm = scoreBfmFromFullForm(protocol.responses, { reference: protocol.reference });
  console.log(header('PID5BF+M from the full-form test: ICD-11 trait domains (no US norms exist)'));
  for (const domain of Object.values(bfm.domains)) {
    console.log(row(domain.key, domain.de, domain.score));
  }
  console.log(row('Total', bfm.total.de, bfm.total.score));
  const ampd = scoreAmpdProfiles(full, { reference: protocol.reference });
  console.log('\n#### AMPD trait profiles (threshold: Moderate, US percentile ≥ 0.93)\n');
  console.log('| Disorder | Mean US T | Mean T (DE) | At or above / assigned | Minimum, required | Trait rule |');
  console.log('|---|---|---|---|---|---|');
  for (const profile of Object.values(ampd.profiles)) {
    const required = profile.required.map(
      (r) => `${r.anyOf.join('/')} ${r.met === true ? 'met' : r.met === false ? 'not met' : '?'}`,
    );
    console.log(
      `| ${profile.key} | ${fmt(profile.meanUsT, 1)}${profile.meanUsTIsLowerBound ? ' (≥)' : ''} | ${fmt(profile.meanDeT, 1)} | ` +
        `${profile.countAtOrAbove} / ${profile.assignedCount} (${profile.facets
          .filter((f) => f.atOrAboveThreshold)
          .map((f) => f.key)
          .join(
            ', ',
          )}) | ${profile.minimumCount}${required.length > 0 ? `; ${required.join('; ')}` : ''} | ${profile.traitRule} |`,
    );
  }
}
