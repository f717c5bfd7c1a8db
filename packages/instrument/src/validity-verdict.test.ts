import { describe, expect, it } from 'vitest';
import interpretationJson from './data/pid5-validity-interpretation.json' with { type: 'json' };
import { scoreResponses } from './score-responses';
import {
  FACET_ITEMS,
  INC_PAIRS,
  makeKeyedResponses,
  variedOutsideValidityScales,
  makeResponses,
  PRD_ITEMS,
  SDTD_ITEMS,
  type TestFacetKey,
} from '../test/test-helpers';
import { fillTemplate, parseValidityInterpretation, VALIDITY_INTERPRETATION } from './validity-wording';
import {
  assessValidity,
  combineOutcomes,
  inconsistencyRule,
  responsePatternRule,
  VALIDITY_RULES,
  type ValidityVerdict,
} from './validity-verdict';

// The protocol's validity verdict (DESIGN.md "Scoring (packages/instrument)"): invalid protocols cannot be missed, each scale's direction is
// stated as its source gives it, and no line carries reassuring words beside a warning.

/** INC worked out by hand from Keeley et al.'s 20 pairs (test-helpers), independent of the scorer. */
function incByHand(responses: string): number {
  return INC_PAIRS.reduce((total, [a, b]) => total + Math.abs(Number(responses[a - 1]) - Number(responses[b - 1])), 0);
}

function sumByHand(responses: string, items: readonly number[]): number {
  return items.reduce((total, item) => total + Number(responses[item - 1]), 0);
}

const line = (verdict: ValidityVerdict, key: string) => verdict.lines.find((l) => l.key === key);

/** Every facet keyed 1 (reverse-keyed items answered 2): a plain, consistent, moderately endorsing protocol. */
const ORDINARY = variedOutsideValidityScales(
  makeKeyedResponses(Object.fromEntries(Object.keys(FACET_ITEMS).map((k) => [k, 1])) as Record<TestFacetKey, number>),
);

/** A protocol with the listed items unanswered. */
function withMissing(responses: string, items: readonly number[]): string {
  return [...responses].map((c, i) => (items.includes(i + 1) ? '9' : c)).join('');
}

describe('validity verdict', () => {
  it('an ordinary consistent protocol is valid and every line says so without a concern', () => {
    expect(incByHand(ORDINARY)).toBe(0);
    expect(sumByHand(ORDINARY, PRD_ITEMS)).toBe(24); // 20 × 1 + items 96 and 98 answered 2
    expect(sumByHand(ORDINARY, SDTD_ITEMS)).toBe(18); // 16 × 1 + item 30 answered 2
    const verdict = scoreResponses(ORDINARY).validityVerdict;
    expect(verdict).toMatchObject({
      verdict: 'valid',
      label: 'Valid',
      patientFacingLevels: 'show',
      reasons: [],
      notes: ['All 220 statements were answered.'],
    });
    expect(verdict.summary).toBe(
      'Valid: no sign of inconsistent, exaggerated or overly favourable answering, or of answering in a fixed ' +
        'pattern, in the checks available for this form.',
    );
    expect(verdict.lines.map((l) => [l.key, l.status, l.isConcern])).toEqual([
      ['INC', 'ok', false],
      ['ORS', 'ok', false],
      ['PRD', 'ok', false],
      ['SDTD', 'not-read', false],
      ['PATTERN', 'ok', false],
      ['TIME', 'not-recorded', false],
    ]);
    expect(line(verdict, 'INC')?.statement).toBe(
      'Score 0 (US percentile 3): answers to pairs of statements with nearly the same meaning were consistent; ' +
        '17 or more would mean inconsistent answering.',
    );
    expect(line(verdict, 'PRD')?.statement).toBe(
      'Score 24 (US percentile 92.4): in the range of open answering (21 or more); no sign of under-reporting.',
    );
  });

  it('an alternating 0-1-2-3 pattern is not interpretable: INC first, in plain words, with what to do', () => {
    const alternating = Array.from({ length: 220 }, (_, i) => String(i % 4)).join('');
    const inc = incByHand(alternating);
    expect(inc).toBeGreaterThanOrEqual(17);
    const result = scoreResponses(alternating);
    expect(result.validity.INC.score).toBe(inc);
    const verdict = result.validityVerdict;
    expect(verdict.verdict).toBe('not-interpretable');
    expect(verdict.patientFacingLevels).toBe('withhold');
    expect(verdict.reasons[0]?.code).toBe('INCONSISTENT');
    // The most serious reasons come first; the cycle 0-1-2-3 is also the response-pattern screen's, and it marks 3
    // of the ORS items 'very true'.
    expect(verdict.reasons.map((r) => r.code)).toEqual(['INCONSISTENT', 'PATTERNED_ANSWERS', 'OVER_REPORTING']);
    expect(verdict.summary).toBe(
      `Not interpretable: inconsistent answers (INC ${inc}; 17 or more is inconsistent); ` +
        'answers in a fixed pattern (220 of 220 in a row); possible over-reporting (ORS 3; 3 or more).',
    );
    expect(verdict.action).toContain('consider re-testing');
    expect(verdict.reasons[0]?.action).toContain('Discuss with the patient how the questionnaire was answered');
    expect(line(verdict, 'INC')).toMatchObject({ status: 'flagged', isConcern: true, direction: 'high' });
  });

  it('INC just below its cut-off (15-16) is borderline, not "consistent", and does not change the verdict', () => {
    /** ORDINARY with the first pairs' second items moved away from their partners: 3 + 3 + … up to `total`. */
    const withInc = (total: number) => {
      const answers: Record<number, string> = {};
      let remaining = total;
      for (const [a, b] of INC_PAIRS) {
        if (remaining <= 0) {
          break;
        }
        const diff = Math.min(3, remaining);
        answers[a] = '0';
        answers[b] = String(diff);
        remaining -= diff;
      }
      return makeResponses(Object.fromEntries([...ORDINARY].map((c, i) => [i + 1, answers[i + 1] ?? c])));
    };
    for (const total of [15, 16]) {
      const responses = withInc(total);
      expect(incByHand(responses)).toBe(total);
      const verdict = scoreResponses(responses).validityVerdict;
      expect(line(verdict, 'INC')).toMatchObject({ status: 'indeterminate', isConcern: false, score: total });
      expect(line(verdict, 'INC')?.statement).toMatch(
        new RegExp(
          `^Score ${total} \\(US percentile [\\d.]+\\), within 2 points below the cut-off of 17: borderline\\.`,
        ),
      );
      expect(line(verdict, 'INC')?.statement).not.toMatch(/were consistent/);
      expect(verdict.reasons.map((r) => r.code)).not.toContain('INCONSISTENT');
      // The summary says so too: valid, but never "no sign of inconsistent answering".
      expect(verdict.verdict).toBe('valid');
      expect(verdict.summary).toMatch(/^Valid, with a borderline consistency score/);
      expect(verdict.summary).not.toMatch(/no sign of inconsistent/);
    }
    const fourteen = scoreResponses(withInc(14)).validityVerdict;
    expect(fourteen.summary).toMatch(/^Valid: no sign of inconsistent/);
    expect(line(fourteen, 'INC')).toMatchObject({ status: 'ok', score: 14 });
    expect(line(fourteen, 'INC')?.statement).toMatch(/were consistent; 17 or more would mean inconsistent/);
  });

  it('random answering is not interpretable', () => {
    // A fixed pseudo-random sequence (linear congruential generator), so the test never changes.
    let seed = 20261123;
    const random = Array.from({ length: 220 }, () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return String(Math.floor((seed / 2147483648) * 4));
    }).join('');
    const inc = incByHand(random);
    expect(inc).toBeGreaterThanOrEqual(17);
    const verdict = scoreResponses(random).validityVerdict;
    expect(verdict.verdict).toBe('not-interpretable');
    expect(verdict.reasons.map((r) => r.code)).toContain('INCONSISTENT');
  });

  it('all answers 0: the pattern makes it not interpretable; PRD 0 still flags under-reporting, SD-TD its kind', () => {
    const verdict = scoreResponses('0'.repeat(220)).validityVerdict;
    expect(verdict.verdict).toBe('not-interpretable');
    expect(verdict.patientFacingLevels).toBe('withhold');
    expect(verdict.reasons.map((r) => r.code)).toEqual(['PATTERNED_ANSWERS', 'UNDER_REPORTING']);
    expect(verdict.summary).toBe(
      'Not interpretable: answers in a fixed pattern (220 of 220 in a row); possible under-reporting (PRD 0; 10 or less).',
    );
    const prd = line(verdict, 'PRD');
    expect(prd).toMatchObject({ status: 'flagged', isConcern: true, direction: 'low', score: 0 });
    expect(prd?.directionText).toContain('LOW scores mean these common problems were denied');
    expect(prd?.statement).toMatch(/^Score 0 \(US percentile 0\.7\), at or below the cut-off of 10/);
    // SD-TD: items 30 is reverse-keyed in its facet but summed raw, so the sum is 0 → social desirability.
    expect(line(verdict, 'SDTD')).toMatchObject({ status: 'flagged', isConcern: true, score: 0 });
    expect(line(verdict, 'SDTD')?.statement).toContain('looks like social desirability');
  });

  it('all answers 3: not interpretable (pattern); ORS flags over-reporting; SD-TD 51 is not read (PRD 66)', () => {
    const verdict = scoreResponses('3'.repeat(220)).validityVerdict;
    expect(verdict.verdict).toBe('not-interpretable');
    expect(verdict.reasons.map((r) => r.code)).toEqual(['PATTERNED_ANSWERS', 'OVER_REPORTING']);
    expect(line(verdict, 'ORS')).toMatchObject({ status: 'flagged', isConcern: true, score: 10 });
    expect(line(verdict, 'ORS')?.statement).toContain('US percentile more than 99');
    expect(line(verdict, 'PRD')).toMatchObject({ status: 'ok', isConcern: false, score: 66 });
    const sdtd = line(verdict, 'SDTD');
    expect(sdtd).toMatchObject({ status: 'not-read', isConcern: false, score: 51 });
    // Neither a reassurance nor a warning: it says why it is not read.
    expect(sdtd?.statement).toMatch(/^Score 51: not read, because PRD does not point to under-reporting/);
  });

  it('PRD 11-20 points neither way and does not change the verdict', () => {
    // ORDINARY (PRD 24) with four PRD items that are in no other validity scale answered 0 instead of 1 → 20.
    const responses = makeResponses(
      Object.fromEntries([...ORDINARY].map((c, i) => [i + 1, [11, 36, 42, 47].includes(i + 1) ? '0' : c])),
    );
    expect(sumByHand(responses, PRD_ITEMS)).toBe(20);
    const verdict = scoreResponses(responses).validityVerdict;
    expect(verdict.verdict).toBe('valid');
    expect(line(verdict, 'PRD')).toMatchObject({ status: 'indeterminate', isConcern: false, score: 20 });
    expect(line(verdict, 'PRD')?.statement).toContain('so it points neither way');
  });

  it('more than a quarter of the items missing: not interpretable', () => {
    const responses = withMissing(
      ORDINARY,
      Array.from({ length: 56 }, (_, i) => i + 1),
    );
    const verdict = scoreResponses(responses).validityVerdict;
    expect(verdict.verdict).toBe('not-interpretable');
    expect(verdict.reasons[0]).toMatchObject({
      code: 'TOO_MANY_MISSING',
      text:
        'Unanswered: 56 of 220 statements, more than a quarter. People with that many missing answers were ' +
        'left out of the US norms, so the profile cannot be interpreted.',
    });
    // 55 missing (exactly a quarter) is not "more than a quarter".
    const atLimit = withMissing(
      ORDINARY,
      Array.from({ length: 55 }, (_, i) => i + 1),
    );
    expect(scoreResponses(atLimit).validityVerdict.reasons.map((r) => r.code)).not.toContain('TOO_MANY_MISSING');
  });

  it('scales not scored ask for caution; an INC pair with one answer missing is read from what it can add', () => {
    // Intimacy Avoidance (6 items) with 2 missing → Int and Detachment unscored.
    const unscored = scoreResponses(withMissing(ORDINARY, [89, 108])).validityVerdict;
    expect(unscored.verdict).toBe('caution');
    // Item 89 is also one of the INC pairs (89-145): item 145 answered 1, so the pair adds 0 to 2 and INC is 0 to 2.
    expect(unscored.reasons.map((r) => r.code)).toEqual(['SCALES_NOT_SCORED']);
    expect(unscored.reasons[0]?.text).toBe(
      'Unanswered: 2 of 220 statements, so 2 scale(s) could not be scored: Intimacy Avoidance, Detachment.',
    );
    expect(line(unscored, 'INC')).toMatchObject({ status: 'ok', isConcern: false, score: null });
    expect(line(unscored, 'INC')?.statement).toMatch(/^Score 0 to 2 \(1 of 40 unanswered\) \(no single percentile\): /);
  });

  it('INC with so many pairs unanswered that they could reach the cut-off is not computed', () => {
    // Ten pairs without their first statement: each could add up to 2 (the other answered 1), so INC is 0 to 20.
    const verdict = scoreResponses(
      withMissing(
        ORDINARY,
        INC_PAIRS.slice(0, 10).map(([a]) => a),
      ),
    ).validityVerdict;
    expect(line(verdict, 'INC')).toMatchObject({ status: 'not-computed', score: null });
    expect(verdict.reasons.map((r) => r.code)).toContain('INCONSISTENCY_NOT_COMPUTED');
  });

  it('one unanswered item in ORS, PRD and SD-TD: the verdict its answered items already decide, with the range', () => {
    // Item 2 belongs to ORS, PRD and SD-TD (and to no INC pair). ORS: no answered item is 3, so 0 to 1 (< 3); PRD:
    // 23 answered, so 23 to 26 (≥ 21, open answering); SD-TD then is not read.
    const responses = makeResponses(Object.fromEntries([...ORDINARY].map((c, i) => [i + 1, i === 1 ? '9' : c])));
    const verdict = scoreResponses(responses).validityVerdict;
    expect(verdict.lines.map((l) => [l.key, l.status])).toEqual([
      ['INC', 'ok'],
      ['ORS', 'ok'],
      ['PRD', 'ok'],
      ['SDTD', 'not-read'],
      ['PATTERN', 'ok'],
      ['TIME', 'not-recorded'],
    ]);
    expect(verdict.verdict).toBe('valid');
    expect(line(verdict, 'PRD')?.statement).toMatch(
      /^Score 23 to 26 \(1 of 22 unanswered\) \(no single percentile\): in the range of open answering/,
    );
    expect(line(verdict, 'ORS')?.statement).toMatch(/^0 to 1 \(1 of 10 unanswered\) of its 10 /);
  });

  it('PRD its missing answers could move across a cut-off: under-reporting not checked, and SD-TD says why unread', () => {
    // PRD's 21 answered statements sum to 19 (item 11 unanswered): 19 to 22 spans the open-answering cut-off of 21.
    const answered = PRD_ITEMS.filter((item) => item !== 11);
    const prd = Object.fromEntries([[11, '9'], ...answered.map((item, i) => [item, i < 19 ? '1' : '0'])]);
    const responses = makeResponses(Object.fromEntries([...ORDINARY].map((c, i) => [i + 1, prd[i + 1] ?? c])));
    expect(sumByHand(responses.replace('9', '0'), PRD_ITEMS)).toBe(19);
    const verdict = scoreResponses(responses).validityVerdict;
    expect(line(verdict, 'PRD')?.status).toBe('not-computed');
    expect(verdict.reasons.map((r) => r.code)).toContain('CHECKS_NOT_COMPUTED');
    expect(verdict.summary).toContain(
      'under-reporting (overly favourable answering) not checked (PRD: statements missing)',
    );
    expect(line(verdict, 'SDTD')).toMatchObject({ status: 'not-read' });
    expect(line(verdict, 'SDTD')?.statement).toContain('not read, because PRD could not be computed');
    expect(line(verdict, 'SDTD')?.statement).not.toContain('does not point to under-reporting');
  });

  it('a missing item outside every validity scale and within the 25 % rule is only a note', () => {
    const verdict = scoreResponses(withMissing(ORDINARY, [1])).validityVerdict;
    expect(verdict.verdict).toBe('valid');
    expect(verdict.notes).toEqual([
      'Unanswered: 1 of 220 statements; every scale still had enough answers to be scored.',
    ]);
  });

  it('no line is a concern beside reassuring words, or reassuring beside a concern', () => {
    const profiles = [
      '0'.repeat(220),
      '3'.repeat(220),
      ORDINARY,
      Array.from({ length: 220 }, (_, i) => String(i % 4)).join(''),
    ];
    for (const responses of profiles) {
      for (const l of scoreResponses(responses).validityVerdict.lines) {
        expect(l.isConcern, `${l.key} ${l.status}`).toBe(l.status === 'flagged');
        if (l.isConcern) {
          expect(l.statement).not.toMatch(/no sign|consistent;|would suggest|would mean/);
        }
      }
    }
  });
});

describe('the interpretation data is checked on load', () => {
  it('refuses a file in which a flagged INC only asks for caution', () => {
    const copy = structuredClone(interpretationJson) as { scales: { INC: { severity: string } } };
    copy.scales.INC.severity = 'caution';
    expect(() => parseValidityInterpretation(copy)).toThrow(
      'scales.INC: a flagged inconsistency scale must make the protocol not interpretable',
    );
  });

  it('refuses a PRD whose direction is not "low"', () => {
    const copy = structuredClone(interpretationJson) as { scales: { PRD: { direction: string } } };
    copy.scales.PRD.direction = 'high';
    expect(() => parseValidityInterpretation(copy)).toThrow(/scales\.PRD\.direction/);
  });

  it('a template placeholder without a value is an error, not a blank', () => {
    expect(fillTemplate('Score {score}', { score: 3 })).toBe('Score 3');
    expect(() => fillTemplate('Score {score} of {items}', { score: 3 })).toThrow('No value for {items}');
  });
});

describe('the verdict is a table of rules, one per indicator, and one combiner', () => {
  const full = scoreResponses(ORDINARY);

  it('each rule reads its own indicator: INC 16 alone is a borderline line and no reason', () => {
    const input = {
      form: 'FULL' as const,
      formName: 'full form',
      itemCount: 220,
      missing: 0,
      unscoredScales: [],
      inconsistency: { ...full.validity.INC, score: 16, flag: false },
      ors: full.validity.ORS,
      prd: full.validity.PRD,
      sdtd: full.validity.SDTD,
      pattern: null,
      responseTime: null,
    };
    const inc = inconsistencyRule(input, VALIDITY_INTERPRETATION);
    expect(inc.reasons).toEqual([]);
    expect(inc.lines.map((l) => [l.key, l.status, l.isConcern])).toEqual([['INC', 'indeterminate', false]]);
    expect(responsePatternRule(input, VALIDITY_INTERPRETATION)).toEqual({ lines: [], reasons: [], notes: [] });
    expect(VALIDITY_RULES).toContain(inconsistencyRule);
  });

  it('the combiner takes the most serious reason, whatever order the rules found them in', () => {
    const reason = (severity: 'caution' | 'not-interpretable') => ({
      code: 'PATTERNED_ANSWERS' as const,
      severity,
      text: severity,
      short: severity,
      action: '',
    });
    const verdict = combineOutcomes({ form: 'FULL' }, [
      { lines: [], reasons: [reason('caution')], notes: [] },
      { lines: [], reasons: [reason('not-interpretable')], notes: ['a note'] },
    ]);
    expect(verdict.verdict).toBe('not-interpretable');
    expect(verdict.reasons.map((r) => r.severity)).toEqual(['not-interpretable', 'caution']);
    expect(verdict.notes).toEqual(['a note']);
    expect(combineOutcomes({ form: 'FULL' }, []).verdict).toBe('valid');
  });
});

describe('a validity score at its floor', () => {
  it('says an ORS of 0 is the lowest possible score shared by most adults, never a high percentile rank', async () => {
    const { createDemoResponses } = await import('./demo-responses');
    for (const language of ['en', 'de'] as const) {
      const result = scoreResponses(createDemoResponses());
      expect(result.validity.ORS.score).toBe(0);
      const line = assessValidity(result, { language }).lines.find((l) => l.key === 'ORS')!;
      expect(line.statement).not.toMatch(/percentile 88|PR 88|Prozentrang 88/);
      expect(line.statement).toContain(
        language === 'en'
          ? 'the lowest possible score, as for 88.9 % of US adults'
          : 'der niedrigste mögliche Wert, wie bei 88,9 % der US-Erwachsenen',
      );
    }
  });
});
