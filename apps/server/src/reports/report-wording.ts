import { NO_LEVEL_LABEL } from '@pid5/contract';
import { LEVEL_RULE, type DomainKey, type FacetKey } from '@pid5/instrument';

// Every explanatory text of the PDF report (docs/product-spec.md §2 "Printable report"). Written for this project in plain,
// respectful language for the respondent: only what a patient can use (their T scores and levels, what each trait
// means, its difficulties and strengths); the arithmetic, cut-offs, sources and versions are the clinician's score
// report's. Not taken or adapted from the published PID-5 items,
// the APA scoring materials or the DSM-5 trait definitions (DESIGN.md "Item texts"): descriptions say what a higher score
// tends to mean in everyday life, "possible difficulties" what it can make harder, and "strengths" what the same
// tendency can offer. A score is a starting point for a conversation, never a verdict, and the texts say so.

export interface TraitText {
  /** What the scale is about, for the domain and facet tables (one or two sentences). */
  readonly description: string;
  /** What a higher score can make harder (for "Navigating Challenges and Harnessing Potential"). */
  readonly difficulties: string;
  /** What the same tendency can offer. */
  readonly strengths: string;
}

export const REPORT_TITLE = 'Personality Profile';

export const SECTION_TITLES = {
  understanding: 'Understanding Your Personality Profile',
  domains: 'Trait Domains',
  facets: 'Personality Trait Facets',
  navigating: 'Navigating Challenges and Harnessing Potential',
  about: 'About This Report',
} as const;

export const FOOTER_NOTICE =
  'For the respondent and their clinician. Use for designated purposes only. Unauthorized reproduction, modification or distribution is prohibited.';

/** Page 1's box: how far the profile can be read, in the patient's words (never the checks' arithmetic). */
export const PATIENT_VALIDITY = {
  validTitle: 'Your answers',
  valid:
    'Your answers were complete and consistent, so this profile can be read as a fair picture of how you described ' +
    'yourself.',
  validBrief:
    'Every trait could be scored from your answers. The brief form is too short to check how consistent answers ' +
    'are, so read the profile together with your clinician.',
  cautionTitle: 'Your answers: read this profile with care',
  caution:
    'Some of your answers make parts of this profile less certain. The profile is shown, and the levels are marked ' +
    '"(caution)"; your clinician will go through it with you.',
  noProfileTitle: 'Why this report shows no profile',
  noProfile:
    'Your answers cannot be turned into a reliable profile, so this report does not show one. This says nothing ' +
    'about you as a person, and it is not something you did wrong.',
  noProfileNext:
    'Your clinician will talk this through with you, and may suggest answering the questionnaire again at a ' +
    'quieter moment.',
  /** What each reason means for the patient, by the verdict's reason code; others say `otherReason`. */
  reasons: {
    INCONSISTENT:
      'Some pairs of statements that people usually answer alike were answered quite differently. This happens ' +
      'when questions are read quickly, misunderstood, or answered while tired or distracted.',
    TOO_MANY_MISSING: 'Many of the questions were left unanswered, so there is not enough to go on.',
    INCONSISTENCY_NOT_COMPUTED:
      'Because some questions were left unanswered, it could not be checked whether your answers were consistent.',
    OVER_REPORTING:
      'Some unusual experiences were described more strongly than almost anyone describes them. This can reflect ' +
      'real distress, or a wish to make sure difficulties are noticed.',
    UNDER_REPORTING:
      'Your answers described fewer everyday difficulties than almost anyone describes. This can mean things are ' +
      'going well, or that some difficulties were played down.',
    SCALES_NOT_SCORED: 'Some traits could not be scored, because several of their questions were left unanswered.',
  } as Readonly<Record<string, string>>,
  otherReason: 'Some of your answers make this profile less certain.',
} as const;

/** 'About This Report', the last section: who the scores are compared with, and the clinician's own report. */
export const ABOUT_PARAGRAPHS: readonly string[] = [
  'Your scores are compared with about a thousand adults from the general population of the United States, chosen ' +
    'to match its mix of ages, genders and backgrounds. Nobody in that group was asked because of a problem.',
  'This report is meant to be read with your clinician. Your clinician also has a detailed score report with the ' +
    'numbers behind this profile and the checks made on your answers.',
];

/** Section 2 of the report: what a profile, a domain and a facet are, and how to read the scores. */
export const UNDERSTANDING_PARAGRAPHS: readonly string[] = [
  'This profile summarises your answers to a questionnaire of short statements about how you usually think, feel, ' +
    'behave and relate to other people. It describes patterns that have been fairly typical for you over time, ' +
    'not how you felt on a single day. It is not a diagnosis, and it does not say what kind of person you are. ' +
    'It is meant to be read together with your clinician, who can put it next to everything else they know about you.',
  'Trait domains are five broad areas of personality: Negative Affect, Detachment, Antagonism, Disinhibition and ' +
    'Psychoticism. Each domain brings together three closely related facets and gives a quick overview of where your ' +
    'answers stand out.',
  'Trait facets are 25 narrower traits, such as Anxiousness, Impulsivity or Suspiciousness. They show in more ' +
    'detail which particular tendencies lie behind a domain score, and some facets stand on their own outside the ' +
    'five domains.',
  'Each of your scores is compared with adults from the general population of the United States and shown as a ' +
    'T score: 50 is their average, and about two in three adults score between 40 and 60. The higher the T score, ' +
    'the more the trait describes you compared with most adults. A score higher than that of most adults gets a ' +
    'level:',
];

/** The domains paragraph of the brief form's report, which has no facets: it replaces the two above. */
export const UNDERSTANDING_BRIEF_DOMAINS =
  'Trait domains are five broad areas of personality: Negative Affect, Detachment, Antagonism, Disinhibition and ' +
  'Psychoticism. The brief form you answered measures each domain directly with five statements, and adds an ' +
  'overall score from all 25; it gives a quick overview of where your answers stand out.';

/**
 * The levels in the patient's words, from the instrument's cut-offs (the printed US percentile, DESIGN.md "Levels"):
 * "as high as or higher than that of about 84 in every 100 adults".
 */
export const LEVEL_EXPLANATIONS: readonly { readonly level: 'Mild' | 'Moderate' | 'High'; readonly text: string }[] =
  LEVEL_RULE.levels.map(({ level, percentileAtLeast }) => ({
    level,
    text: `Your score is as high as or higher than that of about ${Math.round(percentileAtLeast * 100)} in every 100 adults.`,
  }));

/** The word below Mild (the one word every view uses) and what it means. */
export const NO_LEVEL_EXPLANATION = {
  level: NO_LEVEL_LABEL,
  text: 'Lower than that: the trait is not especially marked for you compared with most adults.',
} as const;

export const UNDERSTANDING_CLOSING =
  'An elevated score points to an area worth talking about; it is not a judgement. Many traits carry both ' +
  'difficulties and strengths, and how much a trait matters depends on your situation, your goals and the support ' +
  'around you.';

export const CHART_CAPTION =
  'Each bar is your T score for one trait (50 is the average). The short lines across a bar show where Mild ' +
  '(dotted), Moderate (dashed) and High (solid) begin for that trait. They sit at different heights because each ' +
  'trait is spread differently among adults; a bar that reaches a line has reached that level.';

/** The note under the patient report's tables. */
export const TABLE_NOTE =
  'T score: 50 is the average of the adults your answers are compared with. Level: see "How to read the scores" on ' +
  'page 1.';

export const NAVIGATING_INTRO =
  'The same trait can make some situations harder and others easier. The tables describe difficulties that people ' +
  'with higher scores sometimes meet, and strengths the same tendency can offer; your level is shown under the ' +
  'name where your score reached one of the levels. Not every line will fit you: use the ones that do to start a ' +
  'conversation.';

export const DOMAIN_TEXTS: Readonly<Record<DomainKey, TraitText>> = {
  NegAf: {
    description:
      'How often and how strongly you feel unpleasant emotions such as worry, sadness, tension or frustration, ' +
      'and how long they stay with you.',
    difficulties:
      'Strong feelings can take up a lot of energy, make everyday setbacks feel bigger than they are and put strain ' +
      'on sleep, work and relationships.',
    strengths:
      'Emotional sensitivity often goes with being alert to problems early, taking things seriously and ' +
      'understanding how others feel.',
  },
  Detac: {
    description:
      'How much you keep to yourself, hold back from closeness with others and find little pleasure in social ' +
      'or everyday activities.',
    difficulties:
      'Keeping a distance can lead to loneliness, fewer sources of support and others misreading you as ' +
      'uninterested or cold.',
    strengths:
      'Independence, self-sufficiency and the ability to stay calm and focused without needing much outside ' +
      'stimulation.',
  },
  Antag: {
    description:
      'How much you put your own wishes first in dealings with others, for example by seeking admiration, bending ' +
      'the truth or steering people towards your own ends.',
    difficulties:
      'Others may come to distrust you or feel used, which can lead to conflict and make lasting cooperation ' +
      'harder.',
    strengths:
      'Self-confidence, persuasiveness and readiness to stand up for your own interests, which can help in ' +
      'negotiation and leadership.',
  },
  Disin: {
    description:
      'How much you act on the needs and impulses of the moment rather than on plans, promises and longer-term ' +
      'consequences.',
    difficulties:
      'Unfinished tasks, missed commitments and choices that feel good now but cost more later, for example with ' +
      'money, health or work.',
    strengths: 'Spontaneity, flexibility and the ability to respond quickly and enjoy the moment.',
  },
  Psych: {
    description:
      'How often you have unusual perceptions, ideas or ways of seeing the world that others may not share or ' +
      'may find hard to follow.',
    difficulties:
      'Others may find you hard to understand, and unusual experiences can be confusing or unsettling, ' +
      'especially under stress.',
    strengths: 'Originality, imagination and a willingness to think outside familiar patterns.',
  },
};

export const FACET_TEXTS: Readonly<Record<FacetKey, TraitText>> = {
  Anh: {
    description:
      'How often everyday activities feel flat or not worth the effort, and how hard it is to look forward to things.',
    difficulties:
      'Hobbies, company and plans may feel empty, which can make it hard to get going, keep up routines or notice ' +
      'what is going well.',
    strengths: 'A calm, unhurried manner; you are not driven by a constant search for excitement or novelty.',
  },
  Anx: {
    description: 'How much you feel nervous, tense or worried, and how often you expect things to go wrong.',
    difficulties:
      'Worry can be tiring, disturb sleep and lead you to avoid situations that would otherwise be good for you.',
    strengths: 'Carefulness and foresight: you tend to notice risks early and prepare well.',
  },
  Att: {
    description: 'How much you enjoy and seek being noticed, admired or at the centre of things.',
    difficulties:
      'Needing attention can leave you feeling let down when it does not come, and others may see you as ' +
      'dramatic or self-focused.',
    strengths: 'Warmth, expressiveness and the confidence to speak up, entertain and bring energy to a group.',
  },
  Cal: {
    description: 'How little you are moved by other people’s feelings, problems or suffering.',
    difficulties:
      'Others may experience you as hurtful or uncaring, which can damage relationships and trust even when you ' +
      'do not intend it.',
    strengths: 'The ability to stay calm and make hard decisions when emotions run high around you.',
  },
  Dec: {
    description: 'How often you bend the truth, hide things or present yourself differently from how you are.',
    difficulties:
      'When it comes to light, dishonesty can cost trust and relationships that are hard to rebuild, and keeping ' +
      'up appearances is stressful.',
    strengths:
      'Tact and discretion: an awareness of how things come across and when it is wiser not to say everything.',
  },
  Dep: {
    description: 'How often you feel down, hopeless or worthless, and how hard it is to see a way forward.',
    difficulties:
      'Low mood can drain energy and motivation, colour how you see yourself and make it harder to ask for help.',
    strengths:
      'Depth of feeling and an honest view of difficulties; many people with this experience are compassionate ' +
      'towards others who struggle.',
  },
  Dis: {
    description: 'How easily your attention drifts and how hard it is to stay focused on one task.',
    difficulties: 'Tasks can take longer, details may slip and others may feel you are not listening.',
    strengths:
      'Openness to new input, quick noticing of what is happening around you and ease at switching between things.',
  },
  Ecc: {
    description: 'How much your behaviour, speech or appearance strikes others as unusual or hard to predict.',
    difficulties:
      'People may misunderstand you or keep their distance, and fitting into routines or groups can be harder.',
    strengths: 'Individuality and creativity; you are less bound by convention and can bring fresh perspectives.',
  },
  Emo: {
    description: 'How quickly and strongly your feelings change, and how hard they are to settle once stirred.',
    difficulties:
      'Sudden swings of feeling can be exhausting and can surprise others, making situations harder to manage ' +
      'calmly.',
    strengths: 'Emotional openness and liveliness; others usually know where they stand with you.',
  },
  Gra: {
    description: 'How much you see yourself as special or more deserving than others.',
    difficulties: 'Others may feel looked down on, and setbacks or criticism can feel especially hard to accept.',
    strengths: 'Self-belief and ambition that help you aim high and keep going when others doubt you.',
  },
  Hos: {
    description: 'How often you feel irritated or angry, and how quickly this shows in what you say or do.',
    difficulties: 'Anger can lead to arguments and regret and can make others wary of you.',
    strengths: 'Readiness to stand up for yourself and others and to say clearly when something is not right.',
  },
  Imp: {
    description: 'How often you act on a sudden urge, without pausing to weigh things up first.',
    difficulties:
      'Quick decisions can lead to choices you later regret, for example with money, relationships or safety.',
    strengths: 'Spontaneity and decisiveness; you can act quickly when a situation calls for it.',
  },
  Int: {
    description: 'How much you avoid close, intimate relationships and prefer to keep emotional distance.',
    difficulties:
      'Holding back from closeness can leave you without people to lean on and can disappoint those who would ' +
      'like to be closer.',
    strengths: 'Self-reliance and respect for boundaries, your own and other people’s.',
  },
  Irr: {
    description: 'How often you let obligations, agreements or promises slide.',
    difficulties: 'Missed deadlines or commitments can cost trust at work and at home and create practical problems.',
    strengths: 'A relaxed attitude to rules and pressure; you are less weighed down by demands from others.',
  },
  Man: {
    description: 'How much you use charm, pressure or indirect ways to influence others to your advantage.',
    difficulties: 'When people notice, they may feel used and withdraw their trust.',
    strengths: 'A good feel for what motivates people and skill at persuading and negotiating.',
  },
  Prc: {
    description:
      'How often your perceptions or sense of reality feel strange, for example feeling detached or seeing things differently.',
    difficulties:
      'Such experiences can be confusing or frightening, especially under stress or lack of sleep, and hard to ' +
      'explain to others.',
    strengths: 'A rich inner world and sensitivity to subtle impressions that others may overlook.',
  },
  Per: {
    description: 'How much you stick with one way of doing something after it has stopped working.',
    difficulties: 'Sticking with one approach can cost time and lead to frustration when circumstances change.',
    strengths: 'Persistence and thoroughness: you do not give up easily and follow things through.',
  },
  Res: {
    description: 'How little you show or feel emotions, even in situations that would move most people.',
    difficulties: 'Others may find you hard to read or think you do not care, which can create distance.',
    strengths: 'Composure under pressure; you can stay steady when others are upset.',
  },
  Rig: {
    description: 'How strongly you hold yourself and others to exacting standards of order, detail and correctness.',
    difficulties:
      'High standards can make tasks slow, make it hard to delegate or accept "good enough", and lead to tension ' +
      'with others.',
    strengths: 'Care, precision and reliability; work you do is usually thorough and well organised.',
  },
  Ris: {
    description: 'How much you seek out exciting or risky activities without much concern for possible harm.',
    difficulties: 'Risks can lead to injury, financial loss or trouble that could have been avoided.',
    strengths: 'Courage, a taste for adventure and willingness to try things that others hold back from.',
  },
  Sep: {
    description: 'How much you fear being left or rejected by people close to you, and how hard it is to be alone.',
    difficulties:
      'Fear of losing others can lead to worry, clinging or staying in relationships that are not good for you.',
    strengths: 'Loyalty and commitment; relationships matter deeply to you and you invest in them.',
  },
  Sub: {
    description: 'How readily you go along with what others want, even when it differs from what you want yourself.',
    difficulties: 'Your own needs and views may be overlooked, and others may take advantage of your goodwill.',
    strengths: 'Cooperativeness and consideration; you are easy to work with and help keep the peace.',
  },
  Sus: {
    description: 'How much you expect others to have hidden motives or to wish you harm.',
    difficulties: 'Mistrust can make it hard to accept help, keep friendships or relax in the company of others.',
    strengths: 'Watchfulness and caution; you are not easily taken in.',
  },
  Unu: {
    description:
      'How often you have beliefs or experiences that most people would find unusual, such as special powers or signs.',
    difficulties:
      'Others may not share or understand these experiences, which can lead to misunderstanding or feeling alone with them.',
    strengths: 'Imagination and openness to ideas and experiences beyond the everyday.',
  },
  Wit: {
    description: 'How much you prefer being alone and hold back from social contact and activities with others.',
    difficulties: 'Avoiding company can lead to isolation and fewer chances for support and shared enjoyment.',
    strengths: 'Comfort with your own company, independence and the ability to concentrate without distraction.',
  },
};

/** Every text above, for the fonts' base glyph sets (report-document.ts). */
export function reportFixedTexts(): string[] {
  const traitTexts = [...Object.values(DOMAIN_TEXTS), ...Object.values(FACET_TEXTS)].flatMap((text) => [
    text.description,
    text.difficulties,
    text.strengths,
  ]);
  return [
    REPORT_TITLE,
    ...Object.values(SECTION_TITLES),
    FOOTER_NOTICE,
    ...UNDERSTANDING_PARAGRAPHS,
    UNDERSTANDING_BRIEF_DOMAINS,
    ...LEVEL_EXPLANATIONS.flatMap(({ level, text }) => [level, text]),
    NO_LEVEL_EXPLANATION.level,
    NO_LEVEL_EXPLANATION.text,
    UNDERSTANDING_CLOSING,
    CHART_CAPTION,
    TABLE_NOTE,
    ...Object.values(PATIENT_VALIDITY).flatMap((text) => (typeof text === 'string' ? [text] : Object.values(text))),
    ...ABOUT_PARAGRAPHS,
    NAVIGATING_INTRO,
    ...traitTexts,
  ];
}
