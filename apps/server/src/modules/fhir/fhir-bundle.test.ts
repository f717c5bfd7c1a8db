import { describe, expect, it } from 'vitest';
import type { FormId as AssessmentForm } from '@pid5/instrument';
import { createDemoResponses, getFormItemCount, scoreResponses } from '@pid5/instrument';
import { fhirErrors } from '../../../test/fhir-validation';
import { expectedScales, expectedValidity, readBackScales, readBackValidity } from '../../../test/fhir-read-back';
import { loadItemSet } from '../item-sets/load-item-set';
import { presentAnyResults } from '../results/results-by-form';
import { buildAssessmentBundle } from './fhir-bundle';
import { toPercent } from './fhir-observations';
import { buildCodeSystem, CODE_SYSTEM_IDS, type FhirSettings } from './fhir-code-systems';
import { buildQuestionnaire } from './fhir-questionnaire';

// The mapping on its own (DESIGN.md "FHIR"): every resource and Bundle it emits is checked by medplum's R4 validator
// (structure, cardinality, FHIRPath invariants), and the scores read back by code equal the results they came from.

const settings: FhirSettings = {
  canonicalBase: 'https://pid5.example.org/fhir/R4',
  patientIdSystem: 'urn:pid5:pid5.example.org:patient-id',
};
const itemSet = loadItemSet({ file: undefined });
const FORMS: AssessmentForm[] = ['FULL', 'SF', 'BF'];

function answers(form: AssessmentForm, pattern: (i: number) => string): string {
  return Array.from({ length: getFormItemCount(form) }, (_, i) => pattern(i)).join('');
}

function bundleFor(form: AssessmentForm, responses: string, options: { withAnswers?: boolean } = {}) {
  const score = scoreResponses(responses, { form });
  const results = presentAnyResults(score, {
    assessmentId: 42,
    isFinished: true,
    finishedAt: new Date('2026-03-01T10:00:00Z'),
    scoresSource: 'frozen',
    itemSet: { id: itemSet.id, title: itemSet.title, isDemo: true },
    responses: null,
  });
  const bundle = buildAssessmentBundle({
    settings,
    productVersion: '0.1.0',
    results,
    assessment: { id: 42, patientId: 'P-0042', responses: options.withAnswers === false ? null : responses },
    itemSet,
    now: new Date('2026-03-02T08:00:00Z'),
  });
  return { bundle, results };
}

// A plausible protocol (varied answers), one with gaps (unscored scales, indicators not computed), one all 3s.
const PROTOCOLS: Record<string, (i: number) => string> = {
  varied: (i) => String((i * 7 + (i >> 2)) % 4),
  gaps: (i) => (i % 3 === 0 ? '9' : String(i % 4)),
  allHigh: () => '3',
};

describe('FHIR R4 Bundle of a submitted test', () => {
  for (const form of FORMS) {
    for (const [name, pattern] of Object.entries(PROTOCOLS)) {
      it(`${form}, ${name} answers: every resource and the Bundle are valid R4`, () => {
        const { bundle } = bundleFor(form, answers(form, pattern));
        for (const entry of bundle.entry) {
          expect(fhirErrors(entry.resource), `${entry.resource.resourceType} ${entry.fullUrl}`).toEqual([]);
        }
        expect(fhirErrors(bundle), 'the Bundle').toEqual([]);
      });

      it(`${form}, ${name} answers: the scores read back by code equal the results`, () => {
        const { bundle, results } = bundleFor(form, answers(form, pattern));
        expect(readBackScales(bundle)).toEqual(expectedScales(results));
        expect(readBackValidity(bundle)).toEqual(expectedValidity(results));
      });
    }
  }

  it('holds the form Questionnaire, the answers by linkId, one Observation per scale, the verdict and a Provenance', () => {
    const responses = answers('SF', PROTOCOLS.varied!);
    const { bundle, results } = bundleFor('SF', responses);
    const types = bundle.entry.map((e) => e.resource.resourceType);
    expect(bundle.type).toBe('collection');
    expect(types.filter((t) => t === 'Questionnaire')).toHaveLength(1);
    expect(types.filter((t) => t === 'Provenance')).toHaveLength(1);
    // 30 scales + the verdict + 6 indicators.
    expect(types.filter((t) => t === 'Observation')).toHaveLength(30 + 1 + results.validity.scales.length);

    const questionnaire = bundle.entry[0]!.resource;
    if (questionnaire.resourceType !== 'Questionnaire') {
      throw new Error('Questionnaire first');
    }
    expect(questionnaire.url).toBe('https://pid5.example.org/fhir/R4/Questionnaire/pid5-sf');
    expect(questionnaire.version).toBe(`${results.instrument.version}+${itemSet.id}`);
    expect(questionnaire.item).toHaveLength(100);
    // Texts from the loaded item set only: the SF's item 1 is full item 1's text there.
    const texts = new Set(itemSet.items.map((i) => i.text));
    expect(questionnaire.item.every((i) => i.text !== undefined && texts.has(i.text))).toBe(true);
    expect(questionnaire.item[0]!.answerOption!.map((o) => o.valueCoding.display)).toEqual(itemSet.answerLabels);

    const response = bundle.entry.find((e) => e.resource.resourceType === 'QuestionnaireResponse')!.resource;
    if (response.resourceType !== 'QuestionnaireResponse') {
      throw new Error('unreachable');
    }
    expect(response.questionnaire).toBe(`${questionnaire.url}|${questionnaire.version}`);
    expect(response.subject).toEqual({
      type: 'Patient',
      identifier: { system: settings.patientIdSystem, value: 'P-0042' },
    });
    expect(response.authored).toBe('2026-03-01T10:00:00.000Z');
    expect(response.item!.map((i) => i.answer![0]!.valueCoding!.code).join('')).toBe(responses);
    expect(response.item!.map((i) => i.linkId)).toEqual(Array.from({ length: 100 }, (_, i) => String(i + 1)));
  });

  it('leaves unanswered items out of the response and marks unscored scales as absent', () => {
    const responses = answers('FULL', PROTOCOLS.gaps!);
    const { bundle, results } = bundleFor('FULL', responses);
    const response = bundle.entry.find((e) => e.resource.resourceType === 'QuestionnaireResponse')!.resource;
    if (response.resourceType !== 'QuestionnaireResponse') {
      throw new Error('unreachable');
    }
    expect(response.item).toHaveLength([...responses].filter((c) => c !== '9').length);
    const unscored = results.facets.filter((f) => !f.isScored).map((f) => f.key);
    expect(unscored.length).toBeGreaterThan(0);
    for (const entry of bundle.entry) {
      const r = entry.resource;
      if (r.resourceType === 'Observation' && unscored.includes(r.code.coding?.[0]?.code ?? '')) {
        expect(r.valueQuantity).toBeUndefined();
        expect(r.dataAbsentReason?.coding?.[0]?.code).toBe('not-performed');
      }
    }
  });

  it('a reader who may not see the answers gets the scores without the QuestionnaireResponse', () => {
    const { bundle } = bundleFor('BF', answers('BF', PROTOCOLS.varied!), { withAnswers: false });
    expect(bundle.entry.some((e) => e.resource.resourceType === 'QuestionnaireResponse')).toBe(false);
    expect(JSON.stringify(bundle)).not.toContain('derivedFrom');
    expect(fhirErrors(bundle)).toEqual([]);
  });

  it('is the same on a second export except its timestamp (stable fullUrls a receiver can match)', () => {
    const responses = answers('BF', PROTOCOLS.varied!);
    const a = bundleFor('BF', responses).bundle;
    const b = bundleFor('BF', responses).bundle;
    expect(b.entry.map((e) => e.fullUrl)).toEqual(a.entry.map((e) => e.fullUrl));
    expect(a.entry.map((e) => e.fullUrl)).toContain('https://pid5.example.org/fhir/R4/Observation/pid5-42-VERDICT');
    expect(toPercent(0.07)).toBe(7);
  });

  it('publishes valid CodeSystems and Questionnaires', () => {
    for (const id of CODE_SYSTEM_IDS) {
      const cs = buildCodeSystem(settings, id);
      expect(fhirErrors(cs), id).toEqual([]);
      expect(cs.count).toBe(cs.concept.length);
    }
    for (const form of FORMS) {
      expect(fhirErrors(buildQuestionnaire({ settings, form, itemSet })), form).toEqual([]);
    }
  });

  it('codes a not-interpretable protocol on every scale: HL7 IND, our verdict code, a reference to the verdict', () => {
    // One answer throughout: the pattern screen makes the protocol not interpretable.
    const { bundle, results } = bundleFor(
      'FULL',
      answers('FULL', () => '3'),
    );
    expect(results.validityVerdict.verdict).toBe('not-interpretable');
    const verdict = bundle.entry.find(
      (e) => e.resource.resourceType === 'Observation' && JSON.stringify(e.resource.code).includes('"VERDICT"'),
    );
    const scales = bundle.entry.filter((e) => JSON.stringify(e.resource).includes('pid5-scales'));
    expect(scales.length).toBeGreaterThan(0);
    for (const { resource } of scales) {
      const observation = resource as {
        interpretation?: { coding: { system: string; code: string }[] }[];
        derivedFrom?: { reference: string }[];
      };
      const codings = observation.interpretation?.flatMap((i) => i.coding) ?? [];
      expect(codings).toContainEqual(
        expect.objectContaining({ code: 'IND', system: expect.stringContaining('v3-ObservationInterpretation') }),
      );
      expect(codings).toContainEqual(expect.objectContaining({ code: 'not-interpretable' }));
      expect(codings.map((c) => c.code)).not.toContain('H');
      expect(observation.derivedFrom).toContainEqual({ reference: `Observation/${verdict?.resource.id}` });
    }
  });

  it('gives H or N beside our level on a valid protocol, and the table ends as > 99 and < 1, never 100 or 0', () => {
    const { bundle, results } = bundleFor('FULL', createDemoResponses({ seed: 21 }));
    expect(results.validityVerdict.verdict).toBe('valid');
    const v3 = (resource: unknown) =>
      ((resource as { interpretation?: { coding: { system: string; code: string }[] }[] }).interpretation ?? [])
        .flatMap((i) => i.coding)
        .filter((c) => c.system.endsWith('v3-ObservationInterpretation'))
        .map((c) => c.code);
    const scales = bundle.entry.filter((e) =>
      JSON.stringify((e.resource as { code?: unknown }).code ?? '').includes('pid5-scales'),
    );
    const codes = scales.map((e) => v3(e.resource));
    expect(codes.every((c) => c.length === 1 && ['H', 'N'].includes(c[0]!))).toBe(true);
    expect(new Set(codes.flat())).toEqual(new Set(['H', 'N']));
    const high = bundleFor('FULL', answers('FULL', PROTOCOLS.allHigh!)).bundle;
    const percentages = high.entry.flatMap((e) =>
      (
        (e.resource as { component?: { valueQuantity?: { value: number; comparator?: string; code?: string } }[] })
          .component ?? []
      )
        .map((c) => c.valueQuantity)
        .filter((q) => q?.code === '%'),
    );
    expect(percentages).toContainEqual(expect.objectContaining({ value: 99, comparator: '>' }));
    expect(percentages.some((q) => q!.value >= 100 || q!.comparator === '>=')).toBe(false);
  });

  it('fails validation on a broken resource (the validator can fail)', () => {
    const { bundle } = bundleFor('BF', answers('BF', PROTOCOLS.varied!));
    const observation = structuredClone(bundle.entry.find((e) => e.resource.resourceType === 'Observation')!.resource);
    // A second value beside valueQuantity (obs value[x] is one choice) and no status (required).
    const brokenObservation: Record<string, unknown> = { ...observation, valueString: 'both', status: undefined };
    expect(fhirErrors(brokenObservation as { resourceType: string })).not.toEqual([]);
    // Inside a Bundle too: the entries are validated as what they are.
    const broken = structuredClone(bundle);
    (broken.entry[1]!.resource as unknown as Record<string, unknown>).subject = 'P-0042';
    expect(fhirErrors(broken).join('\n')).toContain('subject');
  });
});
