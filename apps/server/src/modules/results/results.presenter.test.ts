import { describe, expect, it } from 'vitest';
import { FACET_KEYS, pid5Definition, scoreResponses } from '@pid5/instrument';
import { createDemoResponses } from '../../reports/demo-responses';
import { describeValidity, presentResults } from './results.presenter';
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

describe('describeValidity', () => {
  it('says in plain words that a complete, consistent test shows no sign of a problem', () => {
    const validity = describeValidity(scoreResponses(createDemoResponses()));
    expect(validity.missing).toBe(0);
    expect(validity.summary).toMatch(/^All 220 statements were answered\. None of the validity indices/);
    expect(validity.scales.map((s) => s.key)).toEqual(['INC', 'ORS', 'PRD', 'SDTD']);
    expect(validity.scales.find((s) => s.key === 'INC')).toMatchObject({ isConcern: false, flag: 'consistent' });
  });

  it('flags over-reporting when every statement is answered "very true"', () => {
    const validity = describeValidity(scoreResponses('3'.repeat(220)));
    const ors = validity.scales.find((s) => s.key === 'ORS');
    expect(ors).toMatchObject({ isConcern: true, flag: 'over-reporting', score: 10 });
    expect(ors?.statement).toMatch(/^10 of 10 rarely endorsed statements were marked as very true/);
    expect(validity.summary).toContain('Over-reporting (ORS)');
    expect(validity.summary).toContain('suggest');
  });

  it('flags inconsistent answering when paired statements are answered at opposite ends', () => {
    const answers = [...createDemoResponses()];
    for (const [a, b] of pid5Definition.validity.INC.itemPairs) {
      answers[a - 1] = '0';
      answers[b - 1] = '3';
    }
    const validity = describeValidity(scoreResponses(answers.join('')));
    const inc = validity.scales.find((s) => s.key === 'INC');
    expect(inc).toMatchObject({ isConcern: true, flag: 'inconsistent' });
    expect(inc?.statement).toContain('read the profile with caution');
    expect(validity.summary).toContain('Response inconsistency (INC)');
  });

  it('names the facets left unscored by missing answers and the scales it could not compute', () => {
    const validity = describeValidity(scoreResponses('9'.repeat(110) + createDemoResponses().slice(110)));
    expect(validity.missing).toBe(110);
    expect(validity.summary).toMatch(/^110 of 220 statements were not answered; \d+ facets have too few answers/);
    expect(validity.unscoredFacets.length).toBeGreaterThan(1);
    const notComputed = validity.scales.filter((s) => !s.isComputed);
    expect(notComputed.length).toBeGreaterThan(0);
    for (const scale of notComputed) {
      expect(scale.statement).toMatch(/^Not computed: \d+ of its \d+ statements were not answered\.$/);
      expect(scale).toMatchObject({ score: null, flag: null, isConcern: false });
    }
  });
});

describe('readStoredScores', () => {
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
