import { describe, expect, it } from 'vitest';
import { compareAdministrations } from './compare-administrations';
import { getFormFullItems } from './forms';
import type { FormId } from './keys';
import { scoreResponses } from './score-responses';
import type { Verdict } from './validity-wording';
import {
  PRD_ITEMS,
  genuineLikeResponses,
  makeFormResponses,
  randomResponses,
  SF_FACET_FULL_ITEMS,
  sfItemOf,
  toFormResponses,
} from '../test/test-helpers';

// Every text the instrument produces for a result (verdict, lines, notes, reasons, comparison) is printed as it is
// on the results page and in the reports: a '{name}' placeholder left in it reaches the patient's PDF.

/** Every string anywhere in a value, with where it was found. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') {
    return [[path, value]];
  }
  if (Array.isArray(value)) {
    return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  }
  return [];
}

const PLACEHOLDER = /\{\w+\}/;

const genuine = genuineLikeResponses();
const inForm = (form: FormId, full: string) => (form === 'FULL' ? full : toFormResponses(full, getFormFullItems(form)));
const length: Record<FormId, number> = { FULL: 220, SF: 100, BF: 25 };
const missingFirst = (form: FormId, n: number, fill = '1') =>
  makeFormResponses(length[form], Object.fromEntries(Array.from({ length: n }, (_, i) => [i + 1, '9'])), fill);

/** Protocols of each form giving each verdict the form can reach. */
const withMissing = (responses: string, items: readonly number[]) =>
  [...responses].map((c, i) => (items.includes(i + 1) ? '9' : c)).join('');

/** Protocols of each form giving each verdict the form can reach. */
const PROTOCOLS: Record<FormId, Partial<Record<Verdict, string[]>>> = {
  FULL: {
    valid: [inForm('FULL', genuine)],
    // Scales unscored (items 89, 108); PRD with 8 statements unanswered, which could move it across a cut-off.
    caution: [withMissing(genuine, [89, 108]), withMissing(genuine, PRD_ITEMS.slice(0, 8))],
    'not-interpretable': [
      Array.from({ length: 220 }, (_, i) => String(i % 4)).join(''),
      '0'.repeat(220),
      missingFirst('FULL', 56),
    ],
  },
  SF: {
    valid: [inForm('SF', genuine)],
    // Two of Anhedonia's four items unanswered: the facet and Detachment are not scored.
    caution: [withMissing(inForm('SF', genuine), SF_FACET_FULL_ITEMS.Anh.slice(0, 2).map(sfItemOf))],
    'not-interpretable': [randomResponses(100, 7), missingFirst('SF', 26), '3'.repeat(100)],
  },
  BF: {
    valid: [inForm('BF', genuine)],
    caution: [withMissing(inForm('BF', genuine), [8, 9])],
    'not-interpretable': [missingFirst('BF', 7), '3'.repeat(25)],
  },
};

describe('texts produced for results', () => {
  for (const form of ['FULL', 'SF', 'BF'] as const) {
    for (const verdict of ['valid', 'caution', 'not-interpretable'] as const) {
      it(`${form}, ${verdict}: no text carries an unfilled placeholder`, () => {
        const protocols = PROTOCOLS[form][verdict] ?? [];
        expect(protocols.length).toBeGreaterThan(0);
        for (const responses of protocols) {
          const result = scoreResponses(responses, { form });
          expect(result.validityVerdict.verdict, responses).toBe(verdict);
          const found = strings(result).filter(([, text]) => PLACEHOLDER.test(text));
          expect(found, `${form} ${verdict}`).toEqual([]);
          const comparison = compareAdministrations(result, scoreResponses(inForm(form, genuine), { form }));
          expect(strings(comparison).filter(([, text]) => PLACEHOLDER.test(text))).toEqual([]);
        }
      });
    }
  }
});
