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

  it('draws no level lines for scales without level starts, and labels its axis "T score"', () => {
    expect(chart.guideLines).toEqual([]);
    expect(chart.axisLabel).toBe('T score');
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

describe('level lines', () => {
  it("draws each scale's own level starts across its band, names them on the last band, skips those off the axis", () => {
    const starts = [
      { Mild: 60, Moderate: 67, High: 74 },
      { Mild: 53, Moderate: 68, High: 83 },
      { Mild: 61, Moderate: 70, High: null },
      { Mild: 59, Moderate: 66, High: 75 },
      { Mild: 62, Moderate: 68, High: 101 },
    ];
    const chart = domainTChart(
      DOMAIN_KEYS.map((key, i) => ({
        ...scale(key, 55),
        us: { t: 55, capped: null, tText: '55', levelStarts: starts[i] },
      })),
    );
    const y = (t: number) => 470 - ((t - 30) * 450) / 70;
    const lines = chart.guideLines.map((g) => [g.key, g.level, g.value, g.label]);
    expect(lines).toEqual([
      ['NegAf', 'Mild', 60, ''],
      ['NegAf', 'Moderate', 67, ''],
      ['NegAf', 'High', 74, ''],
      ['Detac', 'Mild', 53, ''],
      ['Detac', 'Moderate', 68, ''],
      ['Detac', 'High', 83, ''],
      ['Antag', 'Mild', 61, ''],
      ['Antag', 'Moderate', 70, ''],
      ['Disin', 'Mild', 59, ''],
      ['Disin', 'Moderate', 66, ''],
      ['Disin', 'High', 75, ''],
      ['Psych', 'Mild', 62, 'Mild'],
      ['Psych', 'Moderate', 68, 'Moderate'],
    ]);
    const detac = chart.bands[1]!;
    const detacMild = chart.guideLines[3]!;
    expect(detacMild.y).toBeCloseTo(y(53), 9);
    // Across the band and half the gap to each neighbour: the lines of two bands meet but never overlap.
    expect(detacMild.x1).toBeLessThan(detac.x);
    expect(detacMild.x2).toBeGreaterThan(detac.x + detac.width);
    expect(detacMild.x2).toBeCloseTo(chart.guideLines[6]!.x1, 9);
  });
});
