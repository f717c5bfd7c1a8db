import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TAmpdResult, TAssessmentResults, TBfmResult, TGermanNormReading } from '@pid5/contract';
import { onApi } from '../../test/api-mock';
import { CLINICIAN, anAssessmentDetails, someResults } from '../../test/fixtures';
import { someTestMessages } from '../../test/message-fixtures';
import { aPatientTimeline } from '../../test/patient-fixtures';
import { renderRoute, signInAs } from '../../test/render-route';

// The results page shows the German T as published (with its interval and the extrapolation flag), the ICD-11 trait
// domains (German T only, no US norms) and the AMPD trait profiles (Criterion B only), in English and German; the
// short and brief forms say what they cannot give.

beforeEach(() => {
  onApi('getTestMessages', someTestMessages());
  onApi('getRetestSeries', { series: null, canStart: false });
  onApi('getPatientTimeline', aPatientTimeline());
});
afterEach(() => {
  window.localStorage.removeItem('pid5_lang');
});

function de(t: number, low: number, high: number, percentile: number, extrapolated = false): TGermanNormReading {
  return {
    t,
    tLow: low,
    tHigh: high,
    percentile,
    extrapolated,
    tText: t.toFixed(1),
    intervalText: `${low.toFixed(1)}–${high.toFixed(1)}`,
    percentileText: (percentile * 100).toFixed(1),
    row: { file: 'full', line: 2, raw: 1 },
  };
}

const GROUP = { gender: 'f' as const, ageGroup: '[35,50)', fallbacks: [] };

const BFM: TBfmResult = {
  administeredAs: 'FULL',
  answered: 36,
  missing: 0,
  domains: ['NegAf', 'Detac', 'Antag', 'Disin', 'Anank', 'Psych'].map((key, index) => ({
    key,
    name: key,
    icd11Name: key === 'Psych' ? null : key,
    dsm5Name: key === 'Anank' ? null : key,
    isScored: true,
    score: 1,
    de: key === 'Anank' ? de(60.2, 50.6, 66.8, 0.8455) : de(50 + index, 45, 55, 0.5),
  })),
  total: { name: 'Total', isScored: true, score: 1.2, answered: 30, nItems: 30, de: de(65.1, 57.7, 68.4, 0.9348) },
  facets: [],
  group: GROUP,
  usNorms: null,
};

const AMPD: TAmpdResult = {
  threshold: { norms: 'US', percentileAtLeast: 0.93, level: 'Moderate' },
  profiles: ['ASPD', 'AvPD', 'BPD', 'NPD', 'OCPD', 'STPD'].map((key) => ({
    key,
    name: key,
    facets: [
      { key: 'Anx', usT: 73, deT: 72, atOrAboveThreshold: true, isRequired: key === 'AvPD' },
      { key: 'Wit', usT: 65, deT: 70.4, atOrAboveThreshold: false, isRequired: false },
    ],
    meanUsT: 64.25,
    meanUsTIsLowerBound: false,
    meanDeT: 65.5,
    meanDeTIncludesExtrapolated: false,
    assignedCount: 4,
    countAtOrAbove: 1,
    unscoredFacets: [],
    minimumCount: 3,
    required: key === 'AvPD' ? [{ anyOf: ['Anx'], met: true }] : [],
    traitRule: 'not-reached',
    rule: 'three or more',
  })),
};

function fullResults(): TAssessmentResults {
  const base = someResults();
  return {
    ...base,
    facets: base.facets.map((facet) => ({
      ...facet,
      de:
        facet.key === 'Anx'
          ? de(72, 63.8, 75.5, 0.9862)
          : facet.key === 'Unu'
            ? de(80.1, 70, 85, 0.999, true)
            : de(55, 50, 60, 0.7),
    })),
    domains: base.domains.map((domain) => ({ ...domain, de: de(70.7, 64.5, 73.5, 0.9809) })),
    germanNorms: { group: GROUP, version: 'de-test', citation: 'Zimmermann et al. (2026)', attribution: 'CC BY 4.0' },
    bfm: BFM,
    bfmUnavailable: null,
    ampd: AMPD,
  };
}

async function openDetails(results: TAssessmentResults, language: 'en' | 'de' = 'en') {
  signInAs(CLINICIAN);
  onApi('getAssessment', anAssessmentDetails({ answeredCount: 220, finishedAt: '2026-03-20T10:00:00.000Z', id: 7 }));
  onApi('getResults', results);
  // The reader's setting, as the language menu keeps it.
  window.localStorage.setItem('pid5_lang', language);
  renderRoute('/details/7');
  return screen.findByRole('region', {
    name: language === 'de' ? 'ICD-11-Merkmalsdomänen (PID5BF+M)' : 'ICD-11 trait domains (PID5BF+M)',
  });
}

describe('German T, ICD-11 trait domains and AMPD profiles on the results page', () => {
  it('shows the German T with its interval and percentile beside the US T, the flag as such, no German z', async () => {
    await openDetails(fullResults());
    const facets = await screen.findByRole('table', { name: 'Facet scores' });
    expect(within(facets).getByRole('columnheader', { name: 'T (DE)' })).toBeInTheDocument();
    const anx = facets.querySelector('tr[data-scale="Anx"]') as HTMLElement;
    expect(anx).toHaveTextContent('72.0 (63.8–75.5)');
    expect(anx).toHaveTextContent('98.6');
    expect(facets.querySelector('tr[data-scale="Unu"]')).toHaveTextContent('extrapolated');
    expect(screen.queryByText('German z')).not.toBeInTheDocument();
    expect(screen.getByTestId('german-norms-note')).toHaveTextContent('German T read for: German women aged 35-49.');
  });

  it('shows the six ICD-11 trait domains with German T only and the AMPD profiles as Criterion B only', async () => {
    const section = await openDetails(fullResults());
    expect(section).toHaveTextContent('support, not replace');
    expect(section.querySelector('tr[data-bfm-scale="Anank"]')).toHaveTextContent('Anankastia');
    expect(section.querySelector('tr[data-bfm-scale="Anank"]')).toHaveTextContent('60.2 (50.6–66.8)');
    expect(section.querySelector('tr[data-bfm-scale="Anank"]')).toHaveTextContent('none exist');
    expect(section).toHaveTextContent('No US norms exist for the PID5BF+M');
    const ampd = screen.getByRole('region', { name: 'DSM-5 Section III trait profiles (AMPD Criterion B)' });
    expect(ampd).toHaveTextContent('Criterion B traits only');
    expect(ampd).toHaveTextContent('never a diagnosis');
    const avpd = ampd.querySelector('tr[data-ampd="AvPD"]') as HTMLElement;
    expect(avpd).toHaveTextContent('Avoidant');
    expect(avpd).toHaveTextContent('Anx*');
    expect(avpd).toHaveTextContent('64.3');
    expect(avpd).toHaveTextContent('1 of 4 assigned facets at or above the Moderate level');
    expect(avpd).toHaveTextContent('Trait rule not reached');
  });

  it('speaks German', async () => {
    const section = await openDetails(fullResults(), 'de');
    expect(section.querySelector('tr[data-bfm-scale="Anank"]')).toHaveTextContent('Anankasmus');
    expect(section.querySelector('tr[data-bfm-scale="Anank"]')).toHaveTextContent('60,2 (50,6–66,8)');
    expect(screen.getByTestId('german-norms-note')).toHaveTextContent('Deutsche Frauen, 35–49 Jahre');
    expect(
      screen.getByRole('region', { name: 'Merkmalsprofile nach DSM-5 Sektion III (AMPD, Kriterium B)' }),
    ).toHaveTextContent('Ein Merkmalsprofil ist nie eine Diagnose');
  });

  it('says on a short-form test that the ICD-11 trait domains cannot be derived', async () => {
    const section = await openDetails({
      ...fullResults(),
      form: 'SF',
      bfm: null,
      bfmUnavailable: { form: 'SF', present: 22, needed: 36 },
    });
    expect(section).toHaveTextContent('The short form has only 22 of the 36 PID5BF+M items');
  });
});
