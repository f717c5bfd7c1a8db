import { describe, expect, it } from 'vitest';
import { NO_LEVEL_LABEL, formatLevel } from '@pid5/contract';
import { FACET_KEYS, US_NORM_TABLES, levelStartsInT, pid5Definition, scoreResponses } from '@pid5/instrument';
import { presentAnyResults } from './results-by-form';
import { createDemoResponses } from '@pid5/instrument';
import {
  describeValidity,
  presentNormReading,
  presentResults,
  presentValidityLines,
  presentVerdict,
} from './results.presenter';
import { readStoredScores } from './stored-scores';

const options = {
  assessmentId: 5,
  isFinished: true,
  finishedAt: new Date('2026-01-15T12:00:00Z'),
  scoresSource: 'frozen' as const,
  itemSet: { id: 'demo-en-1', title: 'Demo', isDemo: true },
  responses: null,
};

describe('presentResults', () => {
  it('lists the 25 facets and 5 domains in the instrument order with their scores', () => {
    const score = scoreResponses(createDemoResponses());
    const results = presentResults(score, options);
    expect(results.facets.map((f) => f.key)).toEqual([...FACET_KEYS]);
    expect(results.domains.map((d) => d.key)).toEqual(['NegAf', 'Detac', 'Antag', 'Disin', 'Psych']);
    expect(results.facets[1]).toMatchObject({ key: 'Anx', srf: score.facets.Anx.srf, irf: score.facets.Anx.irf });
    expect(results).toMatchObject({ status: 'completed', finishedAt: '2026-01-15T12:00:00.000Z', answered: 220 });
  });
});

describe('the word below Mild', () => {
  it("is the contract's one word, in the level descriptions too", () => {
    expect(formatLevel({ level: null, isScored: true })).toBe(NO_LEVEL_LABEL);
    const results = presentResults(scoreResponses('0'.repeat(220)), options);
    const below = results.facets.find((f) => f.isScored && f.level === null);
    expect(below?.levelDescription?.startsWith(`${NO_LEVEL_LABEL}:`)).toBe(true);
  });
});

describe('where each level begins in T', () => {
  it("gives every scored scale of every form its own table's level starts, the brief form's total too", () => {
    for (const form of ['FULL', 'SF', 'BF'] as const) {
      const length = { FULL: 220, SF: 100, BF: 25 }[form];
      const results = presentAnyResults(scoreResponses('1'.repeat(length), { form }), options);
      for (const scale of [...results.domains, ...results.facets, ...(results.total ? [results.total] : [])]) {
        expect(scale.us?.levelStarts, `${form} ${scale.key}`).toEqual(
          levelStartsInT(US_NORM_TABLES.tables[form][scale.key]!.rows),
        );
      }
    }
    // The starts differ between scales: the T scores are linear, the levels follow the percentile.
    const full = presentAnyResults(scoreResponses('1'.repeat(220)), options);
    expect(new Set(full.facets.map((f) => f.us?.levelStarts?.Mild)).size).toBeGreaterThan(1);
  });

  it('gives none when the loaded tables are not the ones the score was read in', () => {
    const other = { ...US_NORM_TABLES, id: 'institute-tables' };
    const results = presentAnyResults(scoreResponses('1'.repeat(220)), { ...options, normTables: other });
    expect(results.domains.every((d) => d.us?.levelStarts === null)).toBe(true);
  });
});

describe('describeValidity', () => {
  it('reports a complete, consistent test as valid, and SD-TD as not read (it is read only when PRD flags)', () => {
    const validity = describeValidity(scoreResponses(createDemoResponses()));
    expect(validity.missing).toBe(0);
    expect(validity.summary).toMatch(/^Valid: no sign of inconsistent, exaggerated or overly favourable answering/);
    expect(validity.scales.map((s) => s.key)).toEqual(['INC', 'ORS', 'PRD', 'SDTD', 'PATTERN', 'TIME']);
    expect(validity.scales.find((s) => s.key === 'PATTERN')).toMatchObject({ isConcern: false, status: 'ok' });
    expect(validity.scales.find((s) => s.key === 'INC')).toMatchObject({ isConcern: false, status: 'ok' });
    expect(validity.scales.find((s) => s.key === 'SDTD')).toMatchObject({ isConcern: false, status: 'not-read' });
  });

  it('"very true" to every statement: not interpretable for its pattern, and ORS flags over-reporting', () => {
    const validity = describeValidity(scoreResponses('3'.repeat(220)));
    const ors = validity.scales.find((s) => s.key === 'ORS');
    expect(ors).toMatchObject({ isConcern: true, status: 'flagged', score: 10, direction: 'high' });
    expect(ors?.percentile?.percentile).toBeGreaterThan(0.99);
    expect(validity.summary).toBe(
      'Not interpretable: answers in a fixed pattern (220 of 220 in a row); possible over-reporting (ORS 10; 3 or more).',
    );
  });

  it("says PRD's direction right: LOW scores are the concern, and a high score is not a warning", () => {
    const validity = describeValidity(scoreResponses('3'.repeat(220)));
    const prd = validity.scales.find((s) => s.key === 'PRD');
    expect(prd).toMatchObject({ direction: 'low', status: 'ok', isConcern: false });
    expect(prd?.directionText).toMatch(/LOW scores/);
    expect(prd?.cutoffs).toBe('10 or less: under-reporting; 21 or more: open answering');
  });

  it("gives a stored verdict's cut-off as a phrase, without the full stop the earlier screen ended it with", () => {
    const result = scoreResponses(createDemoResponses());
    const stored = {
      ...result.validityVerdict,
      lines: result.validityVerdict.lines.map((line) =>
        line.key === 'PATTERN' ? { ...line, cutoffText: `${line.cutoffText ?? ''}.` } : line,
      ),
    };
    const validity = describeValidity({ ...result, validityVerdict: stored });
    expect(validity.scales.find((s) => s.key === 'PATTERN')?.cutoffs).toMatch(/not interpretable$/);
  });

  it('makes inconsistent answering not interpretable', () => {
    const answers = [...createDemoResponses()];
    for (const [a, b] of pid5Definition.validity.INC.itemPairs) {
      answers[a - 1] = '0';
      answers[b - 1] = '3';
    }
    const score = scoreResponses(answers.join(''));
    const validity = describeValidity(score);
    expect(validity.scales.find((s) => s.key === 'INC')).toMatchObject({ isConcern: true, status: 'flagged' });
    expect(validity.summary).toMatch(/^Not interpretable: inconsistent answers \(INC \d+; 17 or more/);
    expect(presentVerdict(score.validityVerdict)).toMatchObject({
      verdict: 'not-interpretable',
      patientFacingLevels: 'withhold',
    });
  });

  it('names the facets left unscored by missing answers and the scales it could not compute', () => {
    const validity = describeValidity(scoreResponses('9'.repeat(110) + createDemoResponses().slice(110)));
    expect(validity.missing).toBe(110);
    expect(validity.summary).toMatch(/^Not interpretable: 110 of 220 statements unanswered/);
    expect(validity.unscoredFacets.length).toBeGreaterThan(1);
    // Every PID-5 scale whose missing answers could change its reading; the product's own response-pattern screen
    // reads whatever was answered; SD-TD follows PRD, which was not decided.
    for (const scale of validity.scales.filter((s) => !['PATTERN', 'SDTD', 'TIME'].includes(s.key))) {
      expect(scale).toMatchObject({ status: 'not-computed', score: null, isConcern: false });
      expect(scale.statement).toMatch(/statements unanswered/);
    }
    const sdtd = validity.scales.find((s) => s.key === 'SDTD');
    expect(sdtd).toMatchObject({ status: 'not-read', score: null, isConcern: false });
    expect(sdtd?.statement).toContain('not read, because PRD could not be computed');
  });
});

describe('presentNormReading', () => {
  it('prints a capped score as "≥ T" and a cell of 1.00 as "more than 99"', () => {
    expect(presentNormReading({ t: 100, percentile: 1, printedRaw: 2.47, capped: 'above' })).toMatchObject({
      tText: '≥ 100',
      percentileText: 'more than 99',
    });
    expect(presentNormReading({ t: 55, percentile: 0.76, printedRaw: 1.13, capped: null })).toMatchObject({
      tText: '55',
      percentileText: '76',
    });
    expect(presentNormReading(null)).toBeNull();
  });
});

describe('readStoredScores', () => {
  it('refuses scores stored before scoring-2 (no T, percentile or verdict), so they are recomputed', () => {
    const { validityVerdict: _verdict, ...older } = JSON.parse(
      JSON.stringify(scoreResponses(createDemoResponses())),
    ) as Record<string, unknown>;
    expect(readStoredScores(older)).toBeNull();
  });

  it('accepts what the submit flow stores, after a JSON round trip', () => {
    const score = scoreResponses(createDemoResponses());
    expect(readStoredScores(JSON.parse(JSON.stringify(score)))).toEqual(score);
  });

  it.each([
    ['null', null],
    ['a string', 'scores'],
    ['an empty object', {}],
    ['a facet missing', { ...scoreResponses(createDemoResponses()), facets: {} }],
    [
      'a non-numeric score',
      (() => {
        const score = JSON.parse(JSON.stringify(scoreResponses(createDemoResponses()))) as {
          facets: { Anx: { srf: unknown } };
        };
        score.facets.Anx.srf = '2.1';
        return score;
      })(),
    ],
  ])('rejects %s', (_label, value) => {
    expect(readStoredScores(value)).toBeNull();
  });
});

describe('presentValidityLines', () => {
  it('a short-form result frozen with the SD-TD cut-offs as placeholders shows the published cut-offs', () => {
    const verdict = scoreResponses('1'.repeat(100), { form: 'SF' }).validityVerdict;
    const stored = {
      ...verdict,
      lines: verdict.lines.map((line) =>
        line.key === 'SDTD'
          ? { ...line, directionText: '{socialDesirabilityTo} or less; {defensivenessFrom} or more' }
          : line,
      ),
    };
    const sdtd = presentValidityLines(stored).find((line) => line.key === 'SDTD');
    expect(sdtd?.directionText).toBe('11 or less; 19 or more');
  });
});
