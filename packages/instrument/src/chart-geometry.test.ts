import { describe, expect, it } from 'vitest';
import { domainChart, facetChart, VALUE_LABEL_GAP, VALUE_LABEL_HALO } from './chart-geometry';
import type { DomainKey, FacetKey } from './keys';
import { type ScoreResult, scoreResponses } from './score-responses';

// Chart geometry against values worked out by hand from docs/product-spec.md §9.
// Facet chart: 960 × 450, margins 20/20/30/40 → plot x 40..940, y 20..420. Axis −6..2 over 400 px: 50 px per unit,
// y(v) = 20 + (2 − v) × 50. Domain chart: 450 × 500, same margins → plot x 40..430, y 20..470, 56.25 px per unit.

function withScores(
  facets: Partial<Record<FacetKey, number | null>>,
  domains: Partial<Record<DomainKey, number | null>> = {},
): ScoreResult {
  const base = scoreResponses('1'.repeat(220));
  const patchedFacets = { ...base.facets };
  for (const [key, srf] of Object.entries(facets) as [FacetKey, number | null][]) {
    patchedFacets[key] = { ...patchedFacets[key], srf, irf: srf === null ? null : srf - 1 };
  }
  const patchedDomains = { ...base.domains };
  for (const [key, srf] of Object.entries(domains) as [DomainKey, number | null][]) {
    patchedDomains[key] = { ...patchedDomains[key], srf, irf: srf === null ? null : srf - 1 };
  }
  return { ...base, facets: patchedFacets, domains: patchedDomains };
}

const facetY = (v: number) => 20 + (2 - v) * 50;
const domainY = (v: number) => 20 + (2 - v) * 56.25;

describe('facetChart', () => {
  const chart = facetChart(withScores({ Anh: 2, Anx: 3, Att: 1.5, Cal: 0, Dec: -1.5, Dep: null, Emo: 7, Gra: -3 }));

  it('has the spec size, margins and axis', () => {
    expect(chart).toMatchObject({ kind: 'facets', width: 960, height: 450, normField: 'srf' });
    expect(chart.margin).toEqual({ top: 20, right: 20, bottom: 30, left: 40 });
    expect(chart.plot).toEqual({ x: 40, y: 20, width: 900, height: 400 });
    expect(chart.yDomain).toEqual([-6, 2]);
    expect(chart.baselineY).toBe(420);
  });

  it('labels ticks with value + 4 in d3 ~s format', () => {
    expect(chart.yTicks.map((t) => t.value)).toEqual([-6, -5, -4, -3, -2, -1, 0, 1, 2]);
    expect(chart.yTicks.map((t) => t.label)).toEqual(['−2', '−1', '0', '1', '2', '3', '4', '5', '6']);
    expect(chart.yTicks.map((t) => t.y)).toEqual([420, 370, 320, 270, 220, 170, 120, 70, 20]);
  });

  it('draws the guide lines at −5.5, −2.5, −2, −1 (labels −1.5, 1.5, 2, 3)', () => {
    expect(chart.guideLines.map((g) => [g.value, g.y, g.label])).toEqual([
      [-5.5, 395, '−1.5'],
      [-2.5, 245, '1.5'],
      [-2, 220, '2'],
      [-1, 170, '3'],
    ]);
    expect(chart.guideLines.every((g) => g.x1 === 40 && g.x2 === 940)).toBe(true);
  });

  it('a bar for srf 2 reaches exactly the guide line labelled 2 (Moderate); 3 and 1.5 likewise', () => {
    const bar = (key: string) => chart.bars.find((b) => b.key === key);
    const guide = (label: string) => chart.guideLines.find((g) => g.label === label);
    expect(bar('Anh')?.y).toBe(guide('2')?.y);
    expect(bar('Anx')?.y).toBe(guide('3')?.y);
    expect(bar('Att')?.y).toBe(guide('1.5')?.y);
    expect(bar('Anh')).toMatchObject({ value: 2, plottedValue: -2, y: 220, height: 200, isClipped: false });
  });

  it('bars rise from the axis bottom to score − 4', () => {
    for (const [key, srf] of [
      ['Cal', 0],
      ['Dec', -1.5],
    ] as const) {
      const bar = chart.bars.find((b) => b.key === key);
      expect(bar?.y).toBeCloseTo(facetY(srf - 4), 10);
      expect(bar?.height).toBeCloseTo(420 - facetY(srf - 4), 10);
      expect(bar?.fill).toBe('#3B979B');
    }
    // srf 0 → axis −4 → y 320, 100 px tall.
    expect(chart.bars.find((b) => b.key === 'Cal')).toMatchObject({ y: 320, height: 100 });
  });

  it('clips scores beyond the axis and flags them', () => {
    expect(chart.bars.find((b) => b.key === 'Emo')).toMatchObject({
      value: 7,
      plottedValue: 2,
      y: 20,
      height: 400,
      isClipped: true,
    });
    expect(chart.bars.find((b) => b.key === 'Gra')).toMatchObject({
      value: -3,
      plottedValue: -6,
      y: 420,
      height: 0,
      isClipped: true,
    });
  });

  it('leaves out the bar of an unscored facet but keeps its band', () => {
    expect(chart.bars.find((b) => b.key === 'Dep')).toBeUndefined();
    expect(chart.bars).toHaveLength(24);
    expect(chart.bands).toHaveLength(25);
    expect(chart.bands.find((b) => b.key === 'Dep')).toMatchObject({ label: 'Dep', name: 'Depressivity' });
  });

  it('lays out 25 bands with padding 0.1 inside and out', () => {
    const step = 900 / (25 - 0.1 + 2 * 0.1);
    chart.bands.forEach((band, i) => {
      expect(band.x).toBeCloseTo(40 + 0.1 * step + i * step, 9);
      expect(band.width).toBeCloseTo(0.9 * step, 9);
      expect(band.center).toBeCloseTo(band.x + band.width / 2, 9);
    });
    expect(chart.bands.map((b) => b.key).slice(0, 3)).toEqual(['Anh', 'Anx', 'Att']);
    const anhBar = chart.bars.find((b) => b.key === 'Anh');
    expect(anhBar?.x).toBe(chart.bands[0]?.x);
    expect(anhBar?.width).toBe(chart.bands[0]?.width);
  });

  it('can plot the irf scores instead', () => {
    const irfChart = facetChart(withScores({ Anh: 3 }), { normField: 'irf' });
    expect(irfChart.normField).toBe('irf');
    expect(irfChart.bars.find((b) => b.key === 'Anh')).toMatchObject({ value: 2, y: 220 });
  });

  it('is plain serialisable data', () => {
    expect(JSON.parse(JSON.stringify(chart))).toEqual(chart);
  });
});

describe('domainChart', () => {
  const chart = domainChart(withScores({}, { NegAf: 2, Detac: null, Antag: 0, Disin: 3, Psych: 1.5 }));

  it('is 450 × 500 with inner padding 0.1', () => {
    expect(chart).toMatchObject({ kind: 'domains', width: 450, height: 500 });
    expect(chart.plot).toEqual({ x: 40, y: 20, width: 390, height: 450 });
    const step = 390 / (5 - 0.1);
    chart.bands.forEach((band, i) => {
      expect(band.x).toBeCloseTo(40 + i * step, 9);
      expect(band.width).toBeCloseTo(0.9 * step, 9);
    });
    expect(chart.bands.map((b) => b.key)).toEqual(['NegAf', 'Detac', 'Antag', 'Disin', 'Psych']);
  });

  it('uses the same axis, labels and guide lines', () => {
    expect(chart.yTicks.map((t) => t.label)).toEqual(['−2', '−1', '0', '1', '2', '3', '4', '5', '6']);
    expect(chart.guideLines.map((g) => g.y)).toEqual([-5.5, -2.5, -2, -1].map(domainY));
    expect(chart.baselineY).toBe(470);
  });

  it('draws domain bars to score − 4 and skips unscored domains', () => {
    const bar = (key: string) => chart.bars.find((b) => b.key === key);
    expect(bar('NegAf')?.y).toBe(chart.guideLines.find((g) => g.label === '2')?.y);
    expect(bar('Disin')?.y).toBe(chart.guideLines.find((g) => g.label === '3')?.y);
    expect(bar('Psych')?.y).toBe(chart.guideLines.find((g) => g.label === '1.5')?.y);
    expect(bar('Antag')).toMatchObject({ y: domainY(-4), height: 470 - domainY(-4) });
    expect(bar('Detac')).toBeUndefined();
    expect(chart.bars).toHaveLength(4);
  });

  it('charts a real result', () => {
    const result = scoreResponses('3'.repeat(220));
    const real = domainChart(result);
    const negAf = result.domains.NegAf.srf ?? Number.NaN;
    expect(real.bars.find((b) => b.key === 'NegAf')?.y).toBeCloseTo(domainY(negAf - 4), 9);
  });
});

describe('value labels', () => {
  it('sit a fixed gap above each bar (above the axis when not scored) with a halo, for the page and the PDF alike', () => {
    const chart = facetChart(withScores({ Anh: 2, Dep: null }));
    expect(chart.valueLabels).toHaveLength(chart.bands.length);
    for (const label of chart.valueLabels) {
      const band = chart.bands.find((b) => b.key === label.key)!;
      const bar = chart.bars.find((b) => b.key === label.key);
      expect(label.x).toBe(band.center);
      expect(label.y).toBe((bar?.y ?? chart.baselineY) - VALUE_LABEL_GAP);
      expect(label.halo).toBe(VALUE_LABEL_HALO);
    }
    // A score on a cut-off: its label's glyphs reach the guide line, which is why the halo is there.
    const anh = chart.valueLabels.find((label) => label.key === 'Anh')!;
    const guide = chart.guideLines.find((line) => line.label === '2')!;
    expect(guide.y - anh.y).toBe(VALUE_LABEL_GAP);
  });
});
