import { describe, expect, it } from 'vitest';
import { getFormFullItems } from './forms';
import {
  carelessProtocol,
  honestLikeProtocol,
  seededRandom,
  simulateResponseScreen,
} from './response-screen-simulation';

// The response-pattern screen's error rates on simulated protocols (DESIGN.md "Validity verdict"), on a smaller
// sample than scripts/simulate-response-screen.ts: the goals the design states hold, and the limits it states are
// what the screen does.

describe('the response-pattern screen measured on simulated protocols', () => {
  const rows = simulateResponseScreen({
    seed: 44,
    honestPerForm: 600,
    carelessPerCell: 60,
    forms: ['FULL', 'SF', 'BF'],
  });
  const row = (form: string, protocols: string) => {
    const found = rows.find((r) => r.form === form && r.protocols === protocols);
    if (found === undefined) {
      throw new Error(`no row ${form} ${protocols}`);
    }
    return found;
  };

  it('full and short form: at most 1 % of honest-like protocols not interpretable, at most 5 % caution', () => {
    for (const form of ['FULL', 'SF']) {
      expect(row(form, 'honest').screenNotInterpretable, form).toBeLessThanOrEqual(0.01);
      expect(row(form, 'honest').screenCaution, form).toBeLessThanOrEqual(0.05);
    }
  });

  // The brief form's rates on more protocols: 600 honest-like ones would put a share near 5 % a few protocols either side.
  const brief = simulateResponseScreen({ seed: 44, honestPerForm: 3000, carelessPerCell: 100, forms: ['BF'] });
  const briefRow = (protocols: string) => brief.find((r) => r.protocols === protocols) ?? row('BF', protocols);

  it('brief form: at most 1 % of honest-like protocols not interpretable, at most 5 % caution (most all "Very False")', () => {
    expect(briefRow('honest').screenNotInterpretable).toBeLessThanOrEqual(0.01);
    expect(briefRow('honest').screenCaution).toBeLessThanOrEqual(0.05);
  });

  it('brief form: a cycle over the whole form is flagged; over half, the stated limit (cycles of 7-8 barely come back)', () => {
    expect(briefRow('periodic, whole, 0 % noise').screenAtLeastCaution).toBeGreaterThanOrEqual(0.95);
    expect(briefRow('periodic, whole, 10 % noise').screenAtLeastCaution).toBeGreaterThanOrEqual(0.9);
    expect(briefRow('periodic, half, 0 % noise').screenAtLeastCaution).toBeGreaterThanOrEqual(0.8);
    expect(briefRow('periodic, half, 10 % noise').screenAtLeastCaution).toBeGreaterThanOrEqual(0.5);
  });

  it('full and short form: at least 95 % of one answer or a cycle over the whole form or half of it is flagged', () => {
    for (const form of ['FULL', 'SF']) {
      for (const kind of ['constant-other', 'periodic']) {
        for (const coverage of ['whole', 'half']) {
          const name = `${kind}, ${coverage}, 0 % noise`;
          expect(row(form, name).screenAtLeastCaution, `${form} ${name}`).toBeGreaterThanOrEqual(0.95);
          const noisy = `${kind}, ${coverage}, 10 % noise`;
          expect(row(form, noisy).screenAtLeastCaution, `${form} ${noisy}`).toBeGreaterThanOrEqual(0.9);
        }
      }
    }
  });

  it('every form: "Very False" to every statement is at least a caution; not interpretable only on the full form', () => {
    for (const form of ['FULL', 'SF', 'BF']) {
      const r = row(form, 'constant-floor, whole, 0 % noise');
      expect(r.screenAtLeastCaution, form).toBe(1);
      expect(r.screenNotInterpretable, form).toBe(form === 'FULL' ? 1 : 0);
    }
  });

  // The PID5BF+M has no US tables: its honest-like protocols come from the German tables of all adults.
  const bfm = simulateResponseScreen({ seed: 44, honestPerForm: 3000, carelessPerCell: 100, forms: ['BFM'] });
  const bfmRow = (protocols: string) => bfm.find((r) => r.protocols === protocols)!;

  it('PID5BF+M: at most 1 % of honest-like protocols not interpretable, at most 5 % caution; patterns over the whole form flagged', () => {
    expect(bfmRow('honest').screenNotInterpretable).toBeLessThanOrEqual(0.01);
    expect(bfmRow('honest').screenCaution).toBeLessThanOrEqual(0.05);
    for (const kind of ['constant-other', 'periodic']) {
      expect(bfmRow(`${kind}, whole, 0 % noise`).screenAtLeastCaution, kind).toBeGreaterThanOrEqual(0.95);
    }
    expect(bfmRow('constant-floor, whole, 0 % noise')).toMatchObject({ screenCaution: 1, screenNotInterpretable: 0 });
    // No validity scale: the verdict's share is not simulated apart from the screen.
    expect(bfmRow('periodic, whole, 0 % noise').verdictAtLeastCaution).toBeNull();
  });

  it('the honest-like generator keeps the brief form near its printed floor (about 4 % at a total of 0)', () => {
    const random = seededRandom(44);
    const protocols = Array.from({ length: 2000 }, () => honestLikeProtocol('BF', random));
    const allZero = protocols.filter((p) => /^0+$/.test(p)).length / protocols.length;
    expect(allZero).toBeGreaterThan(0.015);
    expect(allZero).toBeLessThan(0.06);
  });

  it('a half-careless protocol keeps the careless answers in one half of the form', () => {
    const random = seededRandom(1);
    const n = getFormFullItems('SF').length;
    for (let i = 0; i < 20; i++) {
      const p = carelessProtocol('SF', 'constant-other', { noise: 0, coverage: 'half' }, random);
      const first = p.slice(0, n / 2);
      const second = p.slice(n / 2);
      expect(/^([1-3])\1*$/.test(first) || /^([1-3])\1*$/.test(second)).toBe(true);
    }
  });
});
