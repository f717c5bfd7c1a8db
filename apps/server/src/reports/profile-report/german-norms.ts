import type { TAssessmentResults, TGermanNormReading } from '@pid5/contract';
import type { Language } from '@pid5/i18n';
import { describeNormSet, pid5Definition } from '@pid5/instrument';
import { COLOR } from '../drawing/style';
import type { CellLine } from '../drawing/table';

// The German population norms beside the US ones in the patient's report of a test given in German
// (docs/decisions/0067-norms-of-a-german-test.md, 0073-german-norms-as-published.md): the US printed tables lead (the
// T, the chart and the levels, which are defined on the printed US percentile), and a test given in German also shows
// its T against German adults of the patient's gender and age group, as the authors publish it, with its 95 %
// interval and without a level, for every form (each has its German table).

/** The language the German norm sample answered in (the norm set's own fact): tests given in it show the norms. */
const GERMAN_NORMS_LANGUAGE = describeNormSet(pid5Definition, 'irf').sampleLanguage;

/** Whether the patient's report shows the German norms: a test given in their sample's language, with German readings. */
export function showsGermanNorms(results: Pick<TAssessmentResults, 'germanNorms'>, language: Language): boolean {
  return language === GERMAN_NORMS_LANGUAGE && results.germanNorms !== null && results.germanNorms !== undefined;
}

/** The German T as printed: the number, its 95 % interval under it (decimal commas in German), or '—'. */
export function germanTCellLines(de: TGermanNormReading | null | undefined, language: Language): CellLine[] {
  if (!de) {
    return [{ text: '—' }];
  }
  const local = (text: string) => (language === 'en' ? text : text.replace(/(\d)\.(\d)/g, '$1,$2'));
  return [{ text: local(de.tText) }, { text: local(`(${de.intervalText})`), size: 6, color: COLOR.muted }];
}
