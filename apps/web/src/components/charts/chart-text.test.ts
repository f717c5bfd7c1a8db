import { describe, expect, it } from 'vitest';
import { NORM_SETS, chartScoresFromLists, domainChart, facetChart, scoreResponses } from '@pid5/instrument';
import { staffText } from '../../../test/staff-text';
import { chartRows, describeChart } from './chart-text';

const norms = { srf: { ...NORM_SETS.srf }, irf: { ...NORM_SETS.irf } };
const words = staffText();

describe('chart text', () => {
  it('lists every band in chart order, with the formatted value and level, or as not scored', () => {
    // Items 1-150 answered '3', the rest missing: some facets scored and elevated, others not scored.
    const result = scoreResponses('3'.repeat(150) + '9'.repeat(70));
    const rows = chartRows(facetChart(result), words);
    expect(rows).toHaveLength(25);
    expect(rows.map((row) => row.key)).toEqual(Object.keys(result.facets));
    for (const row of rows) {
      const facet = result.facets[row.key as keyof typeof result.facets];
      if (facet.srf === null) {
        expect(row).toMatchObject({ value: '—', level: 'Not scored' });
      } else {
        expect(row.value).toBe(facet.srf < 0 ? `\u2212${Math.abs(facet.srf).toFixed(2)}` : facet.srf.toFixed(2));
        expect(row.level).toBe(facet.level ?? 'Not elevated');
      }
    }
  });

  it('names the norms, the elevated scales highest first and the unscored ones', () => {
    const result = scoreResponses('3'.repeat(150) + '9'.repeat(70));
    const text = describeChart(facetChart(result), norms, words);
    expect(text).toMatch(
      /^Bar chart of the standardised scores of the 25 trait facets, against the US general population norms/,
    );
    expect(text).toContain('Elevated:');
    expect(text).toContain('Not scored (too many unanswered items):');
    expect(text.toLowerCase()).not.toContain('informant');
  });

  it('says when no scale reaches a level', () => {
    const result = scoreResponses('0'.repeat(220));
    const text = describeChart(
      domainChart(chartScoresFromLists({ facets: [], domains: Object.values(result.domains) })),
      norms,
      words,
    );
    expect(text).toContain('5 trait domains');
    expect(text).toContain('No scale reaches a level.');
  });
});

describe('chart text in German', () => {
  const german = staffText('de');

  it('names the scales and levels in German and prints values with a decimal comma', () => {
    const result = scoreResponses('3'.repeat(150) + '9'.repeat(70));
    const rows = chartRows(facetChart(result), german);
    const anx = rows.find((row) => row.key === 'Anx')!;
    expect(anx.name).toBe('Ängstlichkeit');
    expect(anx.value).toMatch(/^\u2212?\d+,\d\d$/);
    expect(['Leicht', 'Mittelgradig', 'Hoch', 'Nicht erhöht']).toContain(anx.level);
    expect(rows.some((row) => row.level === 'Nicht ausgewertet')).toBe(true);
    const text = describeChart(facetChart(result), norms, german);
    expect(text).not.toMatch(/\d\.\d/);
  });
});
