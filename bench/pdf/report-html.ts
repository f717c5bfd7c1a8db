import {
  formatLevel,
  formatScore,
  type TAssessmentResults,
  type TDomainResult,
  type TFacetResult,
} from '@pid5/contract';
import { chartScoresFromLists, domainChart, facetChart, type ChartGeometry } from '@pid5/instrument';
import {
  escapeHtml,
  type ReportInput,
  CHART_CAPTION,
  DOMAIN_TEXTS,
  FACET_TEXTS,
  FOOTER_NOTICE,
  LEVEL_EXPLANATIONS,
  NAVIGATING_INTRO,
  REPORT_TITLE,
  SECTION_TITLES,
  UNDERSTANDING_CLOSING,
  UNDERSTANDING_PARAGRAPHS,
  type TraitText,
} from '@pid5/server/testing';

// The baseline's input: the same report as an HTML page (what the replaced product printed with a headless
// browser): header, the five sections, the domain and facet tables, the two trait tables, the validity note and a
// footer, with the two charts as inline SVG drawn from the same chart geometry. About four A4 pages.

function chartSvg(chart: ChartGeometry): string {
  const parts: string[] = [];
  for (const bar of chart.bars) {
    parts.push(`<rect x="${bar.x}" y="${bar.y}" width="${bar.width}" height="${bar.height}" fill="${bar.fill}"/>`);
  }
  for (const g of chart.guideLines) {
    parts.push(`<line x1="${g.x1}" x2="${g.x2}" y1="${g.y}" y2="${g.y}" stroke="#3e4c59" stroke-dasharray="3 2"/>`);
  }
  parts.push(
    `<path d="M${chart.axisX},${chart.plot.y}V${chart.baselineY}H${chart.plot.x + chart.plot.width}" fill="none" stroke="#1f2933"/>`,
  );
  for (const tick of chart.yTicks) {
    parts.push(
      `<line x1="${chart.axisX - 4}" x2="${chart.axisX}" y1="${tick.y}" y2="${tick.y}" stroke="#1f2933"/>` +
        `<text x="${chart.axisX - 6}" y="${tick.y + 4}" text-anchor="end" font-size="11">${escapeHtml(tick.label)}</text>`,
    );
  }
  const bars = new Map(chart.bars.map((b) => [b.key, b]));
  for (const band of chart.bands) {
    const bar = bars.get(band.key);
    parts.push(
      `<text x="${band.center}" y="${chart.baselineY + 16}" text-anchor="middle" font-size="11" font-weight="bold">${escapeHtml(band.label)}</text>`,
      `<text x="${band.center}" y="${(bar ? bar.y : chart.baselineY) - 4}" text-anchor="middle" font-size="10" fill="#52606d">${bar ? formatScore(bar.value) : 'n/s'}</text>`,
    );
  }
  return `<svg class="chart ${chart.kind}" viewBox="0 0 ${chart.width} ${chart.height}" role="img">${parts.join('')}</svg>`;
}

function scaleTable(
  scales: readonly (TFacetResult | TDomainResult)[],
  texts: Readonly<Record<string, TraitText>>,
  nameHeader: string,
): string {
  const rows = scales
    .map(
      (s) =>
        `<tr><td><b>${escapeHtml(s.key)}</b></td><td><b>${escapeHtml(s.name)}</b></td><td>${escapeHtml(texts[s.key]?.description ?? '')}</td>` +
        `<td class="n">${formatScore(s.score)}</td><td class="n">${formatScore(s.srf)}</td><td class="n">${formatScore(s.irf)}</td>` +
        `<td class="${s.level ? 'lvl' : ''}">${escapeHtml(formatLevel(s))}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Abbr.</th><th>${nameHeader}</th><th>Description</th><th>Score</th><th>US z</th><th>German z</th><th>Level</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function traitTable(rows: readonly { name: string; kind: string; level: string | null; text: TraitText }[]): string {
  const body = rows
    .map(
      (r) =>
        `<tr><td><b>${escapeHtml(r.name)}</b><div class="muted">${r.kind}</div>${r.level ? `<div class="lvl">Your level: ${r.level}</div>` : ''}</td>` +
        `<td>${escapeHtml(r.text.difficulties)}</td><td>${escapeHtml(r.text.strengths)}</td></tr>`,
    )
    .join('');
  return `<table class="traits"><thead><tr><th>Trait</th><th>Possible difficulties</th><th>Strengths</th></tr></thead><tbody>${body}</tbody></table>`;
}

export function renderReportHtml(input: ReportInput): string {
  const results: TAssessmentResults = input.results;
  const chartScores = chartScoresFromLists(results);
  const [profile, domains, facets, scores] = UNDERSTANDING_PARAGRAPHS;
  const half = Math.ceil(results.facets.length / 2);
  const traitRows = [
    ...results.domains.map((s) => ({
      name: s.name,
      kind: 'Domain',
      level: s.level,
      text: DOMAIN_TEXTS[s.key as keyof typeof DOMAIN_TEXTS],
    })),
    ...[...results.facets]
      .sort((a, b) => a.name.localeCompare(b.name, 'en'))
      .map((s) => ({
        name: s.name,
        kind: 'Facet',
        level: s.level,
        text: FACET_TEXTS[s.key as keyof typeof FACET_TEXTS],
      })),
  ];
  const split = traitRows.findIndex((r) => r.name === 'Perceptual Dysregulation');
  if (!results.norms) {
    throw new Error('the HTML report bench draws PID-5 results, which have US norms');
  }
  const { srf, irf } = results.norms;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(REPORT_TITLE)}</title><style>
@page { size: A4; margin: 19mm 19mm 30mm 19mm; }
body { font-family: 'DejaVu Sans', sans-serif; font-size: 10pt; color: #1f2933; line-height: 1.35; }
h1 { color: #2b7a7e; font-size: 24pt; margin: 0; }
h2 { color: #2b7a7e; font-size: 15pt; border-bottom: 2px solid #2b7a7e; display: inline-block; margin: 12pt 0 8pt; }
h3 { font-size: 11pt; margin: 8pt 0 3pt; }
.page { break-before: page; }
.muted { color: #52606d; font-size: 7pt; }
.lvl { color: #1d5f62; font-weight: bold; }
table { width: 100%; border-collapse: collapse; font-family: 'DejaVu Sans Condensed', sans-serif; font-size: 8pt; margin-top: 6pt; }
th { background: #2b7a7e; color: #fff; text-align: left; padding: 4pt; }
td { padding: 4pt; border-bottom: 0.4pt solid #c9d4d8; vertical-align: top; }
tbody tr:nth-child(even) { background: #f1f7f7; }
td.n { text-align: right; }
tr { break-inside: avoid; }
.chart { display: block; margin: 0 auto; }
.chart.domains { width: 250pt; } .chart.facets { width: 100%; }
.caption { font-size: 8pt; color: #52606d; }
.swatch { display: inline-block; width: 10pt; height: 10pt; margin-right: 6pt; vertical-align: middle; }
footer { font-size: 7pt; color: #52606d; border-top: 0.5pt solid #c9d4d8; margin-top: 16pt; padding-top: 4pt; }
</style></head><body>
<header><div class="muted" style="text-align:right">${escapeHtml(input.instituteName)}</div><h1>${escapeHtml(REPORT_TITLE)}</h1>
<p><b>Name: ${escapeHtml(input.name)}</b><br><span class="muted">Date: ${escapeHtml(input.dateText)}</span></p></header>
<section><h2>${SECTION_TITLES.understanding}</h2>
<h3>What is a personality profile?</h3><p>${escapeHtml(profile ?? '')}</p>
<h3>Trait domains</h3><p>${escapeHtml(domains ?? '')}</p>
<h3>Trait facets</h3><p>${escapeHtml(facets ?? '')}</p>
<h3>How to read the scores</h3><p>${escapeHtml(scores ?? '')}</p>
${LEVEL_EXPLANATIONS.map((l) => `<p><span class="swatch" style="background:#48A9AD"></span><b>${l.level}</b> ${escapeHtml(l.text)}</p>`).join('')}
<p>${escapeHtml(UNDERSTANDING_CLOSING)}</p></section>
<section class="page"><h2>${SECTION_TITLES.domains}</h2>${chartSvg(domainChart(chartScores))}<p class="caption">${escapeHtml(CHART_CAPTION)}</p>
${scaleTable(results.domains, DOMAIN_TEXTS, 'Domain')}</section>
<section class="page"><h2>${SECTION_TITLES.facets}</h2>${chartSvg(facetChart(chartScores))}<p class="caption">${escapeHtml(CHART_CAPTION)}</p>
${scaleTable(results.facets.slice(0, half), FACET_TEXTS, 'Facet')}${scaleTable(results.facets.slice(half), FACET_TEXTS, 'Facet')}</section>
<section class="page"><h2>${SECTION_TITLES.navigating}</h2><p>${escapeHtml(NAVIGATING_INTRO)}</p>
${traitTable(traitRows.slice(0, split))}<div class="page"></div>${traitTable(traitRows.slice(split))}</section>
<section><h2>${SECTION_TITLES.about}</h2><p>${escapeHtml(results.validity.summary)}</p>
<ul>${results.validity.scales.map((s) => `<li>${escapeHtml(s.name)}: ${escapeHtml(s.statement)}</li>`).join('')}</ul>
<p class="muted">Norms: US general population (${escapeHtml(srf.citation)}) and German general population (${escapeHtml(irf.citation)}). Versions: ${escapeHtml(results.instrument.version)}; ${escapeHtml(results.normsVersion)}.</p></section>
<footer>\u00a9 ${input.copyrightYear} ${escapeHtml(input.instituteName)}<br>${escapeHtml(FOOTER_NOTICE)}</footer>
</body></html>`;
}
