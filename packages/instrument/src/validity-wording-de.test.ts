import { describe, expect, it } from 'vitest';
import interpretationJson from './data/pid5-validity-interpretation.json' with { type: 'json' };
import interpretationDeJson from './data/pid5-validity-interpretation.de.json' with { type: 'json' };
import { demoItemSetDe } from './demo-item-set-de';
import { getFormInfo } from './forms';
import { formatPercentile } from './norm-lookup';
import { ANSWER_LABELS } from './responses';
import { scoreResponses } from './score-responses';
import { FORM_IDS } from './keys';
import {
  genuineLikeResponses,
  makeFormResponses,
  makeKeyedResponses,
  variedOutsideValidityScales,
  makeResponses,
  randomResponses,
  FACET_ITEMS,
  type TestFacetKey,
} from '../test/test-helpers';
import { assessValidity, isSameDecision, validityVerdictIn, type ValidityVerdict } from './validity-verdict';
import {
  findTranslationProblems,
  parseValidityTranslation,
  VALIDITY_INTERPRETATION,
  VALIDITY_INTERPRETATION_DE,
  validityWording,
} from './validity-wording';

// The validity words in German (DESIGN.md "Languages"): our translation of the same data, checked against the
// English at load; the language changes the words of a verdict, never the verdict.

const ORDINARY = variedOutsideValidityScales(
  makeKeyedResponses(Object.fromEntries(Object.keys(FACET_ITEMS).map((k) => [k, 1])) as Record<TestFacetKey, number>),
);

/** The protocol with the listed items unanswered. */
function withMissing(responses: string, items: readonly number[]): string {
  return [...responses].map((c, i) => (items.includes(i + 1) ? '9' : c)).join('');
}

/** Every sentence of a verdict, for looking for words of the other language. */
function sentences(verdict: ValidityVerdict): string[] {
  return [
    verdict.label,
    verdict.summary,
    verdict.action,
    verdict.rule,
    ...verdict.notes,
    ...verdict.reasons.flatMap((r) => [r.text, r.short, r.action]),
    ...verdict.lines.flatMap((l) => [l.name, l.directionText, l.cutoffText ?? '', l.statement]),
  ];
}

/** Every text of the English data, filled with nothing: the fixed parts of each sentence. */
function englishFragments(): string[] {
  const texts: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      // The parts between placeholders that are long enough to be English words rather than a name or a number.
      if (!['source', 'citation', 'usedFor', 'id', 'description'].includes(key)) {
        texts.push(...value.split(/\{\w+\}/).filter((part) => /[a-z]{4,} [a-z]{3,} [a-z]{3,}/.test(part)));
      }
    } else if (Array.isArray(value)) {
      value.forEach((item) => walk(item, key));
    } else if (typeof value === 'object' && value !== null) {
      Object.entries(value).forEach(([k, v]) => walk(v, k));
    }
  };
  walk(interpretationJson, '');
  return texts.map((t) => t.trim()).filter((t) => t.length > 12);
}

const PROTOCOLS: readonly [string, string, 'FULL' | 'SF' | 'BF'][] = [
  ['ordinary', ORDINARY, 'FULL'],
  ['plausible', genuineLikeResponses(), 'FULL'],
  ['random', randomResponses(220, 7), 'FULL'],
  ['all 3', '3'.repeat(220), 'FULL'],
  ['all 0', '0'.repeat(220), 'FULL'],
  ['ORS, PRD and SD-TD not computed', withMissing(ORDINARY, [2]), 'FULL'],
  ['scales not scored', withMissing(ORDINARY, [89, 108]), 'FULL'],
  [
    'too many missing',
    withMissing(
      ORDINARY,
      Array.from({ length: 60 }, (_, i) => i + 1),
    ),
    'FULL',
  ],
  ['short form', randomResponses(100, 3), 'SF'],
  ['short form, plausible', makeFormResponses(100, {}, '1'), 'SF'],
  ['brief form', makeFormResponses(25, { 1: 2, 2: 1, 3: 0 }, '1'), 'BF'],
  ['brief form, domains missing', makeFormResponses(25, { 1: 9, 2: 9, 3: 9, 4: 9 }, '2'), 'BF'],
];

describe('validity words in German', () => {
  it('every English entry has a German one, with the same placeholders, numbers, directions and severities', () => {
    expect(
      findTranslationProblems(interpretationJson, interpretationDeJson).filter(
        (p) => !/^(sources|description)/.test(p),
      ),
    ).toEqual([]);
    expect(VALIDITY_INTERPRETATION_DE.sources.map((s) => s.id)).toEqual(
      VALIDITY_INTERPRETATION.sources.map((s) => s.id),
    );
    expect(validityWording('de')).toBe(VALIDITY_INTERPRETATION_DE);
    expect(validityWording()).toBe(VALIDITY_INTERPRETATION);
    // The German file says it is our translation.
    expect(VALIDITY_INTERPRETATION_DE.description).toMatch(/unsere eigene Übersetzung/);
  });

  it("the English small words are the instrument's own: its answer labels and forms' names", () => {
    expect(VALIDITY_INTERPRETATION.words.answers).toEqual([0, 1, 2, 3].map((v) => ANSWER_LABELS[v as 0 | 1 | 2 | 3]));
    for (const form of FORM_IDS) {
      expect(VALIDITY_INTERPRETATION.words.formNames[form]).toBe(getFormInfo(form).nameInText);
    }
  });

  it('the German words quote the answer labels the German patient chose among (the German item set), nothing else', () => {
    expect(VALIDITY_INTERPRETATION_DE.words.answers).toEqual(demoItemSetDe.answerLabels);
    const quoted = JSON.stringify(interpretationDeJson).match(/„([^“]+)“/g) ?? [];
    const labels = (demoItemSetDe.answerLabels ?? []).map((label) => label.toLowerCase());
    for (const quote of quoted.filter((q) => /^„trifft/i.test(q))) {
      expect(labels).toContain(quote.slice(1, -1).toLowerCase());
    }
  });

  it('refuses a translation with a missing entry, another placeholder, a flipped severity or another cut-off', () => {
    type Data = typeof interpretationDeJson;
    const broken = (change: (data: Data) => void) => {
      const copy = structuredClone(interpretationDeJson);
      change(copy);
      return () => parseValidityTranslation(copy, VALIDITY_INTERPRETATION);
    };
    expect(broken(() => {})).not.toThrow();
    expect(broken((d) => delete (d.scales.INC as Partial<Data['scales']['INC']>).borderline)).toThrow(
      /INC\.borderline/,
    );
    expect(broken((d) => (d.scales.ORS.ok = 'Wert {wert}'))).toThrow(/scales\.ORS\.ok: placeholders/);
    expect(broken((d) => (d.scales.ORS.severity = 'not-interpretable' as 'caution'))).toThrow(/ORS\.severity/);
    expect(broken((d) => (d.scales.INC.borderlineWithin = 3))).toThrow(/borderlineWithin/);
    expect(broken((d) => (d.missing.notInterpretableAboveFraction = 0.3))).toThrow(/notInterpretableAboveFraction/);
  });

  it('an ordinary protocol: the German verdict, statements with PR and decimal commas, no English sentence', () => {
    const result = scoreResponses(genuineLikeResponses());
    const de = assessValidity(result, { language: 'de' });
    expect(de.verdict).toBe(result.validityVerdict.verdict);
    expect(de.label).toBe('Valide');
    expect(de.summary).toBe(
      'Valide: In den für diese Version verfügbaren Prüfungen kein Hinweis auf inkonsistente, überzeichnende oder übermäßig günstige Antworten oder ein festes Antwortmuster.',
    );
    expect(de.notes).toEqual(['Alle 220 Aussagen wurden beantwortet.']);
    const inc = de.lines.find((l) => l.key === 'INC');
    expect(inc?.statement).toMatch(/^Wert \d+ \(PR [\d,]+, US-Normen\): /);
    const pattern = de.lines.find((l) => l.key === 'PATTERN')?.statement ?? '';
    // The spread of the answers with a decimal comma.
    expect(pattern).toMatch(/^Keine Folge von 55 oder mehr Aussagen/);
    expect(pattern).toMatch(/\(Standardabweichung, 0 bis 1,5\): \d,\d\d\.$/);
    expect(pattern).not.toMatch(/\d\.\d/);
    const ors = de.lines.find((l) => l.key === 'ORS')?.statement ?? '';
    expect(ors).toMatch(
      /\((PR \d+(,\d)?, US-Normen|der niedrigste mögliche Wert, wie bei [\d,]+ % der US-Erwachsenen)\)/,
    );
    expect(ors).not.toMatch(/\d\.\d/);
  });

  it.each(PROTOCOLS)(
    '%s: the same decision in both languages, and no English sentence in the German',
    (_, responses, form) => {
      const result = scoreResponses(responses, { form });
      const en = result.validityVerdict;
      const de = assessValidity(result, { language: 'de' });
      expect(assessValidity(result)).toEqual(en);
      expect(isSameDecision(de, en)).toBe(true);
      expect(de.summary).not.toBe(en.summary);
      const german = sentences(de).join('\n');
      for (const fragment of englishFragments()) {
        expect(german).not.toContain(fragment);
      }
      expect(german).not.toMatch(/\b(the|and|of|not|were|statements)\b/);
    },
  );

  it.each(PROTOCOLS)(
    '%s: every cut-off is a phrase without a full stop, in both languages (the views end it)',
    (_, responses, form) => {
      const result = scoreResponses(responses, { form });
      for (const verdict of [result.validityVerdict, assessValidity(result, { language: 'de' })]) {
        for (const line of verdict.lines) {
          expect(line.cutoffText ?? '', line.key).not.toMatch(/\.$/);
        }
      }
    },
  );

  it("names scales not scored in the caller's words and forms in German", () => {
    const result = scoreResponses(withMissing(ORDINARY, [89, 108]));
    const de = assessValidity(result, {
      language: 'de',
      scaleName: (key) => ({ Int: 'Vermeidung von Nähe', Detac: 'Verschlossenheit' })[key] ?? key,
    });
    expect(de.reasons.map((r) => r.text)).toContain(
      'Unbeantwortet: 2 von 220 Aussagen, daher konnten 2 Skala/Skalen nicht ausgewertet werden: ' +
        'Vermeidung von Nähe, Verschlossenheit.',
    );
    const brief = assessValidity(scoreResponses(makeFormResponses(25, {}, '1'), { form: 'BF' }), { language: 'de' });
    expect(brief.lines.find((l) => l.key === 'INC')?.statement).toBe(
      'Für die Screening-Version (PID-5-BF, 25 Items) nicht publiziert: keine validierte Fassung mit Grenzwerten; ' +
        'die Grenzwerte der Vollversion gelten nicht.',
    );
  });

  it('a stored verdict: English as stored; German in German unless the current rule decides otherwise', () => {
    const result = scoreResponses(ORDINARY);
    expect(validityVerdictIn(result)).toBe(result.validityVerdict);
    expect(validityVerdictIn(result, { language: 'en' })).toBe(result.validityVerdict);
    expect(validityVerdictIn(result, { language: 'de' }).label).toBe('Valide');
    // A verdict frozen by an earlier rule (here: caution where the rule now says valid) keeps its own words.
    const earlier = { ...result.validityVerdict, verdict: 'caution' as const };
    expect(validityVerdictIn({ ...result, validityVerdict: earlier }, { language: 'de' })).toBe(earlier);
    // A stored result the words cannot be put to (no form information) keeps its own words too.
    const withoutFormInfo = { ...result, formInfo: undefined } as unknown as typeof result;
    expect(validityVerdictIn(withoutFormInfo, { language: 'de' })).toBe(result.validityVerdict);
  });

  it('a plain-response protocol in English is unchanged by the language option', () => {
    const result = scoreResponses(makeResponses({ 1: 3 }, '1'));
    expect(assessValidity(result, { language: 'en' })).toEqual(result.validityVerdict);
  });
});

describe('percentiles in the validity words', () => {
  it("beyond the table's ends: the instrument's English words, German ones in German", () => {
    expect(VALIDITY_INTERPRETATION.words.percentileAbove).toBe(formatPercentile(1));
    expect(VALIDITY_INTERPRETATION.words.percentileBelow).toBe(formatPercentile(0));
    const de = assessValidity(scoreResponses('0123'.repeat(55)), { language: 'de' });
    expect(de.lines.find((l) => l.key === 'INC')?.statement).toMatch(/^Wert 25 \(PR über 99, US-Normen\), /);
  });
});

describe('the German clinical terms', () => {
  const texts = JSON.stringify(interpretationDeJson);

  it('name what the answers do, not colloquial exaggeration or a motive of the person', () => {
    for (const word of [
      'Übertreib',
      'Untertreib',
      'übertreib',
      'untertreib',
      'übertrieb',
      'untertrieb',
      'Simulation',
    ]) {
      expect(texts, word).not.toContain(word);
    }
    expect(VALIDITY_INTERPRETATION_DE.scales.ORS.name).toBe('Überzeichnung (ORS)');
    expect(VALIDITY_INTERPRETATION_DE.scales.PRD.name).toBe('Beschönigung (PRD)');
  });

  it('call the three PID-5 forms Vollversion, Kurzversion and Screening-Version, and nothing else', () => {
    expect(Object.values(VALIDITY_INTERPRETATION_DE.words.formNames).map((name) => name.split(' (')[0])).toEqual([
      'Vollversion',
      'Kurzversion',
      'Screening-Version',
      'PID5BF+M',
    ]);
    for (const word of ['Kurzform', 'Kurzfassung', 'Langform', 'Langversion', 'kurze Version', 'kurze Form']) {
      expect(texts, word).not.toContain(word);
    }
  });
});
