import { describe, expect, it } from 'vitest';
import { demoItemSet, demoItemSetDe, getForm, scoreResponses, US_NORM_TABLES, type FormId } from '@pid5/instrument';
import type { Language } from '@pid5/i18n';
import { pdfToText } from '../../../test/results-test-helpers';
import { presentAnyResults } from '../../modules/results/results-by-form';
import { withVerdictIn } from '../../modules/results/verdict-language';
import { renderReportPdf } from '../report-pdf';

// Page 1 of the patient's report names why a profile is uncertain or withheld, in the patient's words, for the
// product's own response-pattern screen too: never only the generic "some of your answers" sentence.

async function patientText(form: FormId, responses: string, language: Language): Promise<string> {
  const itemSet = language === 'de' ? demoItemSetDe : demoItemSet;
  const score = withVerdictIn(scoreResponses(responses, { form, normTables: US_NORM_TABLES }), language);
  const results = presentAnyResults(score, {
    assessmentId: 0,
    isFinished: true,
    finishedAt: new Date('2026-11-26T10:00:00Z'),
    scoresSource: 'live',
    itemSet: { id: itemSet.id, title: itemSet.title, isDemo: true },
    responses: null,
  });
  const pdf = await renderReportPdf({
    language,
    name: 'Test',
    dateText: '26 November 2026',
    results,
    instituteName: 'Institute',
    copyrightYear: 2026,
  });
  return (await pdfToText(pdf)).replace(/\s+/g, ' ');
}

describe("the patient's report names the response-pattern screen's reason", () => {
  it('a brief form answered all "Very False": a caution that it may be a genuinely low profile (en, de)', async () => {
    const en = await patientText('BF', '0'.repeat(25), 'en');
    expect(en).toContain('read this profile with care');
    expect(en).toContain('You chose the lowest answer for almost every statement. This may simply mean');
    expect(en).not.toContain('Some of your answers make this profile less certain');
    const de = await patientText('BF', '0'.repeat(25), 'de');
    expect(de).toContain('Sie haben fast jede Aussage mit der niedrigsten Antwortmöglichkeit beantwortet.');
    expect(de).not.toContain('Einige Ihrer Antworten machen dieses Profil weniger sicher');
  });

  it('a short form answered 0, 0, 1, 1 … : no profile, and the cause named (en, de)', async () => {
    const en = await patientText('SF', '0011'.repeat(25), 'en');
    expect(en).toContain('Why this report shows no profile');
    expect(en).toContain('Many answers followed one answer choice, or a repeating sequence of choices');
    expect(en).not.toContain('Some of your answers make this profile less certain');
    const de = await patientText('SF', '0011'.repeat(25), 'de');
    expect(de).toContain('Viele Antworten folgten einer einzigen Antwortmöglichkeit');
  });

  it('a short form with INC-S just below its cut-off is never "complete and consistent" (en, de)', async () => {
    // A varied protocol whose INC-S pairs agree, then 7 points of disagreement over the first pairs (cut-off 8).
    const base = [...'3101112213101311320222203'.repeat(4)].map(Number);
    const sf = getForm('SF');
    const pairs = sf.id === 'SF' ? (sf.incs?.itemPairs ?? []) : [];
    let remaining = 7;
    for (const [a, b] of pairs) {
      const diff = Math.min(3, remaining);
      base[a - 1] = 0;
      base[b - 1] = diff;
      remaining -= diff;
    }
    expect(scoreResponses(base.join(''), { form: 'SF' }).validity.INCS.score).toBe(7);
    const en = await patientText('SF', base.join(''), 'en');
    expect(en).not.toContain('complete and consistent');
    expect(en).toContain('answered less alike than most people answer them');
    const de = await patientText('SF', base.join(''), 'de');
    expect(de).not.toContain('in sich stimmig');
  });
});
