import type { Language } from '@pid5/i18n';
import {
  DOMAIN_KEYS,
  inTenAdults,
  LEVEL_KEYS,
  LEVEL_RULE,
  tMiddleShare,
  US_NORM_TABLES,
  type DomainKey,
  type FacetKey,
  type Level,
} from '@pid5/instrument';
import { translator, type MessageKey, type Translate } from '../i18n/translator';

// Every explanatory text of the patient's PDF report (docs/product-spec.md §2 "Printable report"), in the test's
// language: the words are in the catalogue area `report` (packages/i18n/catalogues/<language>/report.json), the
// scale names and level words in `results`. Written for this project in plain, respectful language for the
// respondent: only what a patient can use (their T scores and levels, what each trait means, its difficulties and
// strengths); the arithmetic, cut-offs, sources and versions are the clinician's score report's. Not taken or adapted
// from the published PID-5 items, the APA scoring materials or the DSM-5 trait definitions (DESIGN.md "Item texts"):
// descriptions say what a higher score tends to mean in everyday life, "possible difficulties" what it can make
// harder, and "strengths" what the same tendency can offer. A score is a starting point for a conversation, never a
// verdict, and the texts say so.

export interface TraitText {
  /** What the scale is about, for the domain and facet tables (one or two sentences). */
  readonly description: string;
  /** What a higher score can make harder (for "Navigating Challenges and Harnessing Potential"). */
  readonly difficulties: string;
  /** What the same tendency can offer. */
  readonly strengths: string;
}

type TraitKeys = { readonly [F in keyof TraitText]: MessageKey };

const TRAIT_KEYS: Readonly<Record<DomainKey | FacetKey, TraitKeys>> = {
  NegAf: {
    description: 'report.trait.NegAf.description',
    difficulties: 'report.trait.NegAf.difficulties',
    strengths: 'report.trait.NegAf.strengths',
  },
  Detac: {
    description: 'report.trait.Detac.description',
    difficulties: 'report.trait.Detac.difficulties',
    strengths: 'report.trait.Detac.strengths',
  },
  Antag: {
    description: 'report.trait.Antag.description',
    difficulties: 'report.trait.Antag.difficulties',
    strengths: 'report.trait.Antag.strengths',
  },
  Disin: {
    description: 'report.trait.Disin.description',
    difficulties: 'report.trait.Disin.difficulties',
    strengths: 'report.trait.Disin.strengths',
  },
  Psych: {
    description: 'report.trait.Psych.description',
    difficulties: 'report.trait.Psych.difficulties',
    strengths: 'report.trait.Psych.strengths',
  },
  Anh: {
    description: 'report.trait.Anh.description',
    difficulties: 'report.trait.Anh.difficulties',
    strengths: 'report.trait.Anh.strengths',
  },
  Anx: {
    description: 'report.trait.Anx.description',
    difficulties: 'report.trait.Anx.difficulties',
    strengths: 'report.trait.Anx.strengths',
  },
  Att: {
    description: 'report.trait.Att.description',
    difficulties: 'report.trait.Att.difficulties',
    strengths: 'report.trait.Att.strengths',
  },
  Cal: {
    description: 'report.trait.Cal.description',
    difficulties: 'report.trait.Cal.difficulties',
    strengths: 'report.trait.Cal.strengths',
  },
  Dec: {
    description: 'report.trait.Dec.description',
    difficulties: 'report.trait.Dec.difficulties',
    strengths: 'report.trait.Dec.strengths',
  },
  Dep: {
    description: 'report.trait.Dep.description',
    difficulties: 'report.trait.Dep.difficulties',
    strengths: 'report.trait.Dep.strengths',
  },
  Dis: {
    description: 'report.trait.Dis.description',
    difficulties: 'report.trait.Dis.difficulties',
    strengths: 'report.trait.Dis.strengths',
  },
  Ecc: {
    description: 'report.trait.Ecc.description',
    difficulties: 'report.trait.Ecc.difficulties',
    strengths: 'report.trait.Ecc.strengths',
  },
  Emo: {
    description: 'report.trait.Emo.description',
    difficulties: 'report.trait.Emo.difficulties',
    strengths: 'report.trait.Emo.strengths',
  },
  Gra: {
    description: 'report.trait.Gra.description',
    difficulties: 'report.trait.Gra.difficulties',
    strengths: 'report.trait.Gra.strengths',
  },
  Hos: {
    description: 'report.trait.Hos.description',
    difficulties: 'report.trait.Hos.difficulties',
    strengths: 'report.trait.Hos.strengths',
  },
  Imp: {
    description: 'report.trait.Imp.description',
    difficulties: 'report.trait.Imp.difficulties',
    strengths: 'report.trait.Imp.strengths',
  },
  Int: {
    description: 'report.trait.Int.description',
    difficulties: 'report.trait.Int.difficulties',
    strengths: 'report.trait.Int.strengths',
  },
  Irr: {
    description: 'report.trait.Irr.description',
    difficulties: 'report.trait.Irr.difficulties',
    strengths: 'report.trait.Irr.strengths',
  },
  Man: {
    description: 'report.trait.Man.description',
    difficulties: 'report.trait.Man.difficulties',
    strengths: 'report.trait.Man.strengths',
  },
  Prc: {
    description: 'report.trait.Prc.description',
    difficulties: 'report.trait.Prc.difficulties',
    strengths: 'report.trait.Prc.strengths',
  },
  Per: {
    description: 'report.trait.Per.description',
    difficulties: 'report.trait.Per.difficulties',
    strengths: 'report.trait.Per.strengths',
  },
  Res: {
    description: 'report.trait.Res.description',
    difficulties: 'report.trait.Res.difficulties',
    strengths: 'report.trait.Res.strengths',
  },
  Rig: {
    description: 'report.trait.Rig.description',
    difficulties: 'report.trait.Rig.difficulties',
    strengths: 'report.trait.Rig.strengths',
  },
  Ris: {
    description: 'report.trait.Ris.description',
    difficulties: 'report.trait.Ris.difficulties',
    strengths: 'report.trait.Ris.strengths',
  },
  Sep: {
    description: 'report.trait.Sep.description',
    difficulties: 'report.trait.Sep.difficulties',
    strengths: 'report.trait.Sep.strengths',
  },
  Sub: {
    description: 'report.trait.Sub.description',
    difficulties: 'report.trait.Sub.difficulties',
    strengths: 'report.trait.Sub.strengths',
  },
  Sus: {
    description: 'report.trait.Sus.description',
    difficulties: 'report.trait.Sus.difficulties',
    strengths: 'report.trait.Sus.strengths',
  },
  Unu: {
    description: 'report.trait.Unu.description',
    difficulties: 'report.trait.Unu.difficulties',
    strengths: 'report.trait.Unu.strengths',
  },
  Wit: {
    description: 'report.trait.Wit.description',
    difficulties: 'report.trait.Wit.difficulties',
    strengths: 'report.trait.Wit.strengths',
  },
};

/** What each validity reason means for the patient, by the verdict's reason code; others say `otherReason`. */
const REASON_KEYS: Readonly<Record<string, MessageKey>> = {
  INCONSISTENT: 'report.validity.reason.INCONSISTENT',
  TOO_MANY_MISSING: 'report.validity.reason.TOO_MANY_MISSING',
  INCONSISTENCY_NOT_COMPUTED: 'report.validity.reason.INCONSISTENCY_NOT_COMPUTED',
  OVER_REPORTING: 'report.validity.reason.OVER_REPORTING',
  UNDER_REPORTING: 'report.validity.reason.UNDER_REPORTING',
  SCALES_NOT_SCORED: 'report.validity.reason.SCALES_NOT_SCORED',
  PATTERNED_ANSWERS: 'report.validity.reason.PATTERNED_ANSWERS',
  POSSIBLY_LOW_PROFILE: 'report.validity.reason.POSSIBLY_LOW_PROFILE',
  CHECKS_NOT_COMPUTED: 'report.validity.reason.CHECKS_NOT_COMPUTED',
  FAST_ANSWERS: 'report.validity.reason.FAST_ANSWERS',
};

/** A level's row in "How to read the scores": its key (for the swatch), its word and what it means. */
export interface LevelExplanation {
  readonly level: Level | 'none';
  readonly label: string;
  readonly text: string;
}

function buildWording(language: Language) {
  const t = translator(language);
  const traits = (keys: readonly string[]): Readonly<Record<string, TraitText>> =>
    Object.fromEntries(
      keys.map((key) => {
        const k = TRAIT_KEYS[key as DomainKey | FacetKey];
        return [key, { description: t(k.description), difficulties: t(k.difficulties), strengths: t(k.strengths) }];
      }),
    );
  const facetKeys = Object.keys(TRAIT_KEYS).filter((key) => !(DOMAIN_KEYS as readonly string[]).includes(key));
  return {
    language,
    t,
    title: t('report.title'),
    subject: t('report.subject'),
    sectionTitles: {
      understanding: t('report.section.understanding'),
      domains: t('report.section.domains'),
      facets: t('report.section.facets'),
      navigating: t('report.section.navigating'),
      about: t('report.section.about'),
    },
    footerNotice: t('report.footerNotice'),
    /** Page 1's box: how far the profile can be read, in the patient's words (never the checks' arithmetic). */
    patientValidity: {
      validTitle: t('report.validity.validTitle'),
      valid: t('report.validity.valid'),
      validBorderline: t('report.validity.validBorderline'),
      validBrief: t('report.validity.validBrief'),
      validBfm: t('report.validity.validBfm'),
      cautionTitle: t('report.validity.cautionTitle'),
      caution: t('report.validity.caution'),
      noProfileTitle: t('report.validity.noProfileTitle'),
      noProfile: t('report.validity.noProfile'),
      noProfileNext: t('report.validity.noProfileNext'),
      reasons: Object.fromEntries(Object.entries(REASON_KEYS).map(([code, key]) => [code, t(key)])) as Readonly<
        Record<string, string>
      >,
      otherReason: t('report.validity.otherReason'),
    },
    /** 'About This Report', the last section: who the scores are compared with, and the clinician's own report. */
    aboutParagraphs: [t('report.about.comparison'), t('report.about.clinician')] as readonly string[],
    /** Section 2: what a profile, a domain and a facet are, and how to read the scores. */
    understanding: {
      profileHeading: t('report.understanding.profileHeading'),
      domainsHeading: t('report.understanding.domainsHeading'),
      facetsHeading: t('report.understanding.facetsHeading'),
      scoresHeading: t('report.understanding.scoresHeading'),
      profile: t('report.understanding.profile'),
      domains: t('report.understanding.domains'),
      facets: t('report.understanding.facets'),
      /** How to read a T, with the form's share of adults between 40 and 60 ("about 7 in ten"; tMiddleShare). */
      scores: (inTen: number) => t('report.understanding.scores', { inTen }),
      /** The domains paragraph of the brief form's report, which has no facets: it replaces the two above. */
      briefDomains: t('report.understanding.briefDomains'),
      closing: t('report.understanding.closing'),
    },
    /**
     * The levels in the patient's words, from the instrument's cut-offs (the printed US percentile, DESIGN.md
     * "Levels"): "as high as or higher than that of about 84 in every 100 adults"; then the word below Mild.
     */
    levelExplanations: [
      ...LEVEL_RULE.levels.map(({ level, percentileAtLeast }): LevelExplanation => ({
        level,
        label: t(LEVEL_KEYS[level]),
        text: t('report.understanding.level', { percentile: Math.round(percentileAtLeast * 100) }),
      })),
      { level: 'none', label: t(LEVEL_KEYS.none), text: t('report.understanding.noLevel') },
    ] as readonly LevelExplanation[],
    chartCaption: t('report.chartCaption'),
    /** The note under the patient report's tables. */
    tableNote: t('report.tableNote'),
    navigatingIntro: t('report.navigating.intro'),
    domainTexts: traits(DOMAIN_KEYS) as Readonly<Record<DomainKey, TraitText>>,
    facetTexts: traits(facetKeys) as Readonly<Record<FacetKey, TraitText>>,
  };
}

export type ReportWording = ReturnType<typeof buildWording>;

const wordings = new Map<Language, ReportWording>();

/** The patient report's words in `language`, built once per language and thread. */
export function reportWording(language: Language): ReportWording {
  let wording = wordings.get(language);
  if (!wording) {
    wording = buildWording(language);
    wordings.set(language, wording);
  }
  return wording;
}

export type { Translate };

// The English words under their former names, for callers that read the English report (tests, the benchmark's HTML
// twin of the report in bench/pdf/).
const ENGLISH = reportWording('en');
export const REPORT_TITLE = ENGLISH.title;
export const SECTION_TITLES = ENGLISH.sectionTitles;
export const FOOTER_NOTICE = ENGLISH.footerNotice;
export const PATIENT_VALIDITY = ENGLISH.patientValidity;
export const CHART_CAPTION = ENGLISH.chartCaption;
export const NAVIGATING_INTRO = ENGLISH.navigatingIntro;
export const UNDERSTANDING_CLOSING = ENGLISH.understanding.closing;
export const UNDERSTANDING_PARAGRAPHS: readonly string[] = [
  ENGLISH.understanding.profile,
  ENGLISH.understanding.domains,
  ENGLISH.understanding.facets,
  ENGLISH.understanding.scores(inTenAdults(tMiddleShare(US_NORM_TABLES, 'FULL'))),
];
export const DOMAIN_TEXTS = ENGLISH.domainTexts;
export const FACET_TEXTS = ENGLISH.facetTexts;
/** The three levels (Mild, Moderate, High) and what each means, in English. */
export const LEVEL_EXPLANATIONS = ENGLISH.levelExplanations.filter(
  (row): row is LevelExplanation & { level: Level } => row.level !== 'none',
);
