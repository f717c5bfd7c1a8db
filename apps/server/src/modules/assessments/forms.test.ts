import { describe, expect, it } from 'vitest';
import { ASSESSMENT_FORMS, ASSESSMENT_FORM_CHOICES, FORM_ITEM_COUNTS, parseAssessmentForm } from '@pid5/contract';
import { ADMINISTERED_FORM_IDS, administeredFormInfo } from '@pid5/instrument';
import { formNameOf } from '../results/results-form';

// The contract keeps its own copy of the forms' ids, item counts and times (so the web app need not load the
// instrument's data); they must be the instrument's.
describe('the forms in the contract and in the instrument', () => {
  it('have the same ids, item counts, labels and times', () => {
    expect([...ASSESSMENT_FORMS]).toEqual([...ADMINISTERED_FORM_IDS]);
    for (const form of ADMINISTERED_FORM_IDS) {
      const info = administeredFormInfo(form);
      const choice = ASSESSMENT_FORM_CHOICES.find((c) => c.id === form);
      expect(FORM_ITEM_COUNTS[form]).toBe(info.itemCount);
      expect(choice).toMatchObject({ label: info.label, itemCount: info.itemCount, minutesLabel: info.minutesLabel });
    }
    expect(ADMINISTERED_FORM_IDS.map(formNameOf)).toEqual([
      'Full form (PID-5, 220 items)',
      'Short form (PID-5-SF, 100 items)',
      'Brief form (PID-5-BF, 25 items)',
      'PID5BF+M (36 items)',
    ]);
  });

  it('reads a form from a URL parameter, anything else as no filter', () => {
    expect(parseAssessmentForm('SF')).toBe('SF');
    expect(['sf', '', 'XL', null, undefined].map(parseAssessmentForm)).toEqual([null, null, null, null, null]);
  });
});
