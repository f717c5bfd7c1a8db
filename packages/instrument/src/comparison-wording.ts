import type { FormId } from './keys';
import type { WordingLanguage } from './validity-wording';

// The sentences of the comparison of two administrations (compare-administrations.ts) in each language the
// validity words have: the same facts in English and in German (our translation). Numbers inside them are the
// caller's, already written in the language.

export interface ComparisonWords {
  /** A form's name in "Both administrations used the {form}". */
  readonly formNames: Readonly<Record<FormId, string>>;
  readonly sameForm: (form: string) => string;
  readonly differentForms: (first: string, second: string, shared: 'domains' | 'facetsAndDomains') => string;
  readonly notInterpretable: (which: 'both' | 'first' | 'second') => string;
  readonly caution: string;
  readonly valid: string;
  readonly reasons: {
    readonly differentForms: string;
    readonly withheld: string;
    readonly notScored: string;
    readonly noReliability: (form: string) => string;
    readonly noNormSd: string;
  };
  readonly rciRule: string;
  /** The German of pid5-reliability.json's `rule` (null: the data's own words are this language's). */
  readonly reliabilityRule: string | null;
}

const EN: ComparisonWords = {
  formNames: { FULL: 'full form', SF: 'short form', BF: 'brief form' },
  sameForm: (form) =>
    `Both administrations used the ${form}: every scale is the same set of items, so scores, T and their differences are compared directly.`,
  differentForms: (first, second, shared) =>
    `Different forms (${first}, then ${second}): only ${shared === 'domains' ? 'the five domains' : 'the 25 facets and five domains'} both forms measure are shown. ` +
    'They are the same traits but not the same scales (different items, and each form has its own US table), so ' +
    'only the T scores, each from its own form’s table of the same US norm sample, are set side by side; no score ' +
    'difference and no reliable-change mark are given.',
  notInterpretable: (which) =>
    `${
      which === 'both'
        ? 'Neither administration is interpretable'
        : which === 'first'
          ? 'The earlier administration is not interpretable'
          : 'The later administration is not interpretable'
    }, so the differences below are not to be read as change and no reliable-change mark is given.`,
  caution:
    'Interpret with caution: at least one administration has a validity concern (see each one’s summary). Reliable-change marks are shown but carry that caution.',
  valid: 'Both administrations passed the validity checks their forms allow.',
  reasons: {
    differentForms: 'Different forms: not the same scale, so no reliable-change index.',
    withheld: 'Withheld: an administration is not interpretable.',
    notScored: 'Not scored in both administrations.',
    noReliability: (form) =>
      `No published reliability for this scale on the ${form} was available to us, so the change is shown without a significance claim.`,
    noNormSd: 'No US norm SD for this scale and form.',
  },
  rciRule:
    'Reliable change index (Jacobson & Truax, 1991): the difference divided by the standard error of the difference, ' +
    'SD · √2 · √(1 − r), with the SD of the US norm sample (Markon et al. 2024) and r a published reliability of that ' +
    'scale and form (where none was read for the scale, the source\u2019s average over the form\u2019s facets or domains, ' +
    'marked as such); beyond ±1.96 the change is larger than measurement error would make it 95 % of the time. The r ' +
    'comes from another population than the SD (see the source), which the formula assumes to be the same.',
  reliabilityRule: null,
};

const DE: ComparisonWords = {
  formNames: { FULL: 'Vollversion', SF: 'Kurzversion', BF: 'Screening-Version' },
  sameForm: (form) =>
    `Beide Testungen verwendeten die ${form}: Jede Skala besteht aus denselben Items, daher werden Werte, T-Werte und ihre Differenzen direkt verglichen.`,
  differentForms: (first, second, shared) =>
    `Verschiedene Versionen (${first}, danach ${second}): Gezeigt werden nur ${shared === 'domains' ? 'die fünf Domänen' : 'die 25 Facetten und fünf Domänen'}, die beide Versionen messen. ` +
    'Es sind dieselben Merkmale, aber nicht dieselben Skalen (andere Items, und jede Version hat ihre eigene US-Tabelle); ' +
    'daher werden nur die T-Werte nebeneinandergestellt, jeder aus der Tabelle seiner Version für dieselbe ' +
    'US-Normstichprobe. Es werden keine Differenz der Werte und keine Markierung reliabler Veränderung angegeben.',
  notInterpretable: (which) =>
    `${
      which === 'both'
        ? 'Keine der beiden Testungen ist interpretierbar'
        : which === 'first'
          ? 'Die frühere Testung ist nicht interpretierbar'
          : 'Die spätere Testung ist nicht interpretierbar'
    }; die Differenzen unten sind daher nicht als Veränderung zu lesen, und es wird keine reliable Veränderung markiert.`,
  caution:
    'Mit Vorsicht interpretieren: Mindestens eine Testung hat eine Einschränkung der Validität (siehe die jeweilige Zusammenfassung). Markierungen reliabler Veränderung werden gezeigt, stehen aber unter diesem Vorbehalt.',
  valid: 'Beide Testungen bestanden die Validitätsprüfungen, die ihre Versionen erlauben.',
  reasons: {
    differentForms: 'Verschiedene Versionen: nicht dieselbe Skala, daher kein Reliable-Change-Index.',
    withheld: 'Zurückgehalten: Eine Testung ist nicht interpretierbar.',
    notScored: 'Nicht in beiden Testungen ausgewertet.',
    noReliability: (form) =>
      `Für diese Skala der ${form} lag uns keine publizierte Reliabilität vor; die Veränderung wird daher ohne Aussage zur Signifikanz gezeigt.`,
    noNormSd: 'Keine Standardabweichung der US-Normen für diese Skala und Version.',
  },
  rciRule:
    'Reliable-Change-Index (Jacobson & Truax, 1991): die Differenz geteilt durch den Standardfehler der Differenz, ' +
    'SD · √2 · √(1 − r), mit der SD der US-Normstichprobe (Markon et al. 2024) und r einer publizierten Reliabilität ' +
    'dieser Skala und Version (wo für die Skala keine vorlag, der Mittelwert der Quelle über die Facetten oder Domänen ' +
    'der Version, als solcher gekennzeichnet); jenseits von ±1,96 ist die Veränderung größer, als der Messfehler sie in ' +
    '95 % der Fälle ausfallen ließe. Das r stammt aus einer anderen Population als die SD (siehe die Quelle), was die ' +
    'Formel als gleich voraussetzt.',
  reliabilityRule:
    'Je Version und Skala der niedrigste für diese Skala gelesene Koeffizient unter den verwendeten Quellen; wo keiner ' +
    'vorlag, der niedrigste Mittelwert über die Skalen derselben Art (Facetten, Domänen) der Version unter den ' +
    'verwendeten Quellen, und der Vergleich weist ihn als Mittelwert der Version aus. Der niedrigste ist die ' +
    'vorsichtige Wahl: Ein niedrigeres r erweitert das Intervall, das eine Veränderung überschreiten muss.',
};

const WORDS: Readonly<Record<WordingLanguage, ComparisonWords>> = { en: EN, de: DE };

/** The comparison's sentences in a language (English when absent). */
export function comparisonWords(language: WordingLanguage = 'en'): ComparisonWords {
  return WORDS[language];
}
