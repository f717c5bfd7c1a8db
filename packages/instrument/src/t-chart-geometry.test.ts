import { describe, expect, it } from 'vitest';
import { DOMAIN_KEYS, FACET_KEYS } from './keys';
import { domainTChart, facetTChart, type TChartScale } from './t-chart-geometry';

// The T chart against values worked out by hand: facet chart 960 × 450, margins 20/20/30/40 → plot y 20..420 for
// T 30..100, so 400/70 px per T point and y(T) = 420 − (T − 30) × 400/70.

const facetY = (t: number) => 420 - ((t - 30) * 400) / 70;

function scale(key: string, t: number | null, capped: 'above' | 'below' | null = null): TChartScale {
  return {
    key,
    name: key,
    us:
      t === null
        ? null
        : { t, capped, tText: capped === 'above' ? `≥ ${t}` : capped === 'below' ? `≤ ${t}` : String(t) },
    level: null,
  };
}

describe('facetTChart', () => {
  const facets = FACET_KEYS.map((key, i) =>
    i === 0 ? scale(key, 100, 'above') : i === 1 ? scale(key, null) : scale(key, 40 + i),
  );
  const chart = facetTChart(facets);

  it('runs its axis from T 30 to T 100 with ticks every 10', () => {
    expect(chart).toMatchObject({ unit: 'T', kind: 'facets', width: 960, height: 450, yDomain: [30, 100] });
    expect(chart.baselineY).toBe(420);
    expect(chart.yTicks.map((t) => t.label)).toEqual(['30', '40', '50', '60', '70', '80', '90', '100']);
  });

  it('draws guide lines at T 60, 65 and 70', () => {
    expect(chart.guideLines.map((g) => [g.label, g.y])).toEqual([
      ['60', facetY(60)],
      ['65', facetY(65)],
      ['70', facetY(70)],
    ]);
  });

  it('draws each bar up to its printed T, with the printed text, and marks capped scores', () => {
    expect(chart.bars).toHaveLength(24);
    const anh = chart.bars.find((b) => b.key === 'Anh');
    expect(anh).toMatchObject({ value: 100, isClipped: true, valueLabel: '≥ 100', y: facetY(100), height: 400 });
    const att = chart.bars.find((b) => b.key === 'Att');
    expect(att).toMatchObject({ value: 42, isClipped: false, valueLabel: '42' });
    expect(att?.y).toBeCloseTo(facetY(42), 9);
    // An unscored facet keeps its band but has no bar.
    expect(chart.bands.map((b) => b.key)).toEqual([...FACET_KEYS]);
    expect(chart.bars.some((b) => b.key === 'Anx')).toBe(false);
  });
});

describe('domainTChart', () => {
  it('has the domain chart size and five bars', () => {
    const chart = domainTChart(DOMAIN_KEYS.map((key) => scale(key, 55)));
    expect(chart).toMatchObject({ kind: 'domains', width: 450, height: 500 });
    expect(chart.bars).toHaveLength(5);
    expect(chart.bars.every((b) => b.valueLabel === '55')).toBe(true);
  });
});
