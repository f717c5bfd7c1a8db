import type { TAssessmentResults } from '@pid5/contract';
import type { Language } from '@pid5/i18n';
import { describeNormSet, pid5Definition } from '@pid5/instrument';

// The German population norms beside the US ones in the patient's report of a test given in German
// (docs/decisions/0067-norms-of-a-german-test.md): the US printed tables lead (the T, the chart and the levels, which
// are defined on the printed US percentile), and a test given in German on the full form, the only form with German
// norms, also shows its T score against the German general population, without a level.

/** The language the German norm sample answered in (the norm set's own fact): tests given in it show the norms. */
const GERMAN_NORMS_LANGUAGE = describeNormSet(pid5Definition, 'irf').sampleLanguage;

/** Whether the patient's report shows the German norms: a test given in their sample's language, on the full form. */
export function showsGermanNorms(results: Pick<TAssessmentResults, 'form'>, language: Language): boolean {
  return language === GERMAN_NORMS_LANGUAGE && results.form === 'FULL';
}

/** The T score against the German norms, from the German z (T = 50 + 10 z, rounded); null when not scored. */
export function germanT(z: number | null | undefined): number | null {
  return z === null || z === undefined || !Number.isFinite(z) ? null : Math.round(50 + 10 * z);
}

/** The German T as printed: the number, or '—' when not scored. */
export function germanTText(z: number | null | undefined): string {
  const t = germanT(z);
  return t === null ? '—' : String(t);
}
