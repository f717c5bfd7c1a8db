import { describe, expect, it } from 'vitest';
import type { FormId as AssessmentForm } from '@pid5/instrument';
import { createDemoResponses, getFormItemCount, scoreResponses } from '@pid5/instrument';
import { fhirContentProblems } from '../../../test/fhir-content-checks';
import { fhirSchemaErrors } from '../../../test/fhir-schema';
import { fhirJsErrors, medplumErrors } from '../../../test/fhir-validation';
import { loadItemSet, loadItemSets } from '../item-sets/load-item-set';
import { presentAnyResults } from '../results/results-by-form';
import { withTraitModels } from '../results/trait-models';
import { buildAssessmentEntries, buildPatientBundle } from './fhir-bundle';
import { buildCodeSystem, type FhirSettings } from './fhir-code-systems';
import { buildQuestionnaire } from './fhir-questionnaire';
import { ndjsonResource } from './fhir-ndjson';
import { searchPage } from './fhir-search';
import type { Bundle, BundleEntry } from './fhir-types';

// Every kind of output of the mapping, per form, for a valid and a not-interpretable test, checked by a validator
// that is neither the mapping nor medplum: HL7's R4 JSON Schema with ajv (test/fhir-schema.ts). Beside it, what the
// schema cannot know: Observations final, our codes in our CodeSystems, every reference resolvable. Each planted
// defect below must be caught, so a check that passes everything cannot pass here.

const settings: FhirSettings = {
  canonicalBase: 'https://pid5.example.org/fhir/R4',
  patientIdSystem: 'urn:pid5:pid5.example.org:patient-id',
};
const itemSet = loadItemSet({ file: undefined });
const FORMS: AssessmentForm[] = ['FULL', 'SF', 'BF'];

function testOf(form: AssessmentForm, id: number, responses: string) {
  // As the results API gives them: German T as published and, for the full form, the PID5BF+M's trait domains.
  const results = withTraitModels(
    presentAnyResults(scoreResponses(responses, { form }), {
      assessmentId: id,
      isFinished: true,
      finishedAt: new Date(Date.UTC(2026, 2, 1, 10, id % 60)),
      scoresSource: 'frozen',
      itemSet: { id: itemSet.id, title: itemSet.title, isDemo: true },
      responses: null,
    }),
    { responses, gender: 'Female', age: 40 },
  );
  return {
    productVersion: '0.1.0',
    results,
    assessment: { id, patientId: 'P-0042', responses },
    itemSet,
  };
}

/** The first of a fixed series of varied answer strings the product judges valid. */
function validAnswers(form: AssessmentForm): string {
  const count = getFormItemCount(form);
  if (form === 'FULL') {
    return createDemoResponses({ seed: 21 });
  }
  for (let seed = 1; seed < 500; seed += 1) {
    let state = seed;
    const responses = Array.from({ length: count }, () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return String(Math.min(3, Math.floor((state / 2147483648) * 3)));
    }).join('');
    if (testOf(form, 1, responses).results.validityVerdict.verdict === 'valid') {
      return responses;
    }
  }
  throw new Error(`no valid protocol found for ${form}`);
}

/** A valid protocol and a not-interpretable one (one answer throughout). */
function protocols(form: AssessmentForm) {
  return { valid: validAnswers(form), 'not-interpretable': '3'.repeat(getFormItemCount(form)) };
}

/** A Bundle's (relative) references resolve to its own entries, as FHIR resolves them: against the base. */
function withinBundle(bundle: { entry: readonly BundleEntry[] }) {
  const fullUrls = new Set(bundle.entry.map((e) => e.fullUrl));
  return (reference: string) => !reference.includes(':') && fullUrls.has(`${settings.canonicalBase}/${reference}`);
}

function problemsOf(bundle: Bundle): string[] {
  return [
    ...fhirSchemaErrors(bundle),
    ...fhirJsErrors(bundle).map((e) => `FHIR.js ${e}`),
    ...fhirContentProblems(
      bundle.entry.map((e) => e.resource),
      { settings, resolves: withinBundle(bundle) },
    ),
  ];
}

describe("the mapping's output passes HL7's R4 JSON Schema and the content checks", () => {
  for (const form of FORMS) {
    for (const [name, responses] of Object.entries(protocols(form))) {
      const test = testOf(form, 7, responses);

      it(`${form}, ${name}: the per-test and the patient's Bundle`, () => {
        expect(test.results.validityVerdict.verdict).toBe(name);
        const bundle = buildPatientBundle({
          settings,
          anchorId: 7,
          tests: [test, testOf(form, 8, responses)],
          now: new Date('2026-03-02T08:00:00Z'),
        });
        expect(bundle.type).toBe('collection');
        expect(problemsOf(bundle)).toEqual([]);
        const observations = bundle.entry.filter((e) => e.resource.resourceType === 'Observation');
        expect(observations.length).toBeGreaterThan(0);
        expect(observations.every((e) => (e.resource as { status: string }).status === 'final')).toBe(true);
        // The German T on every scale, and a full-form test's six ICD-11 trait domains and total (PID5BF+M).
        const keys = (re: RegExp) => observations.filter((e) => re.test(e.resource.id!)).length;
        expect(JSON.stringify(bundle)).toContain('"code":"de-t-score"');
        expect(keys(/^pid5-7-Bfm/)).toBe(form === 'FULL' ? 7 : 0);
      });

      it(`${form}, ${name}: NDJSON lines, each resource on its own`, () => {
        const entries = buildAssessmentEntries({ ...test, settings });
        const lines = entries.map((e) => JSON.parse(JSON.stringify(ndjsonResource(e))) as { resourceType: string });
        const ids = new Set(lines.map((l) => `${l.resourceType}/${(l as { id?: string }).id}`));
        for (const line of lines) {
          expect(fhirSchemaErrors(line), line.resourceType).toEqual([]);
        }
        expect(fhirContentProblems(lines, { settings, resolves: (ref) => ids.has(ref) })).toEqual([]);
      });

      it(`${form}, ${name}: search pages`, () => {
        const entries = buildAssessmentEntries({ ...test, settings });
        for (const type of ['Observation', 'QuestionnaireResponse'] as const) {
          const { bundle } = searchPage({
            tests: [{ id: 7, entries }],
            type,
            codes: null,
            count: 10,
            cursor: undefined,
            linkFor: (cursor) =>
              `${settings.canonicalBase}/${type}?patient=P-0042${cursor ? `&_cursor=${cursor}` : ''}`,
            now: new Date('2026-03-02T08:00:00Z'),
          });
          expect(bundle.type).toBe('searchset');
          expect(fhirSchemaErrors(bundle), type).toEqual([]);
          expect(
            fhirContentProblems(
              bundle.entry.map((e) => e.resource),
              { settings, resolves: withinBundle({ entry: entries }) },
            ),
          ).toEqual([]);
        }
      });
    }
  }
});

describe('one terminology', () => {
  const itemSets = loadItemSets({ file: undefined, files: [], defaultLanguage: null });
  const german = itemSets.get('de')!;

  it('a German test: answers coded with German labels that the served CodeSystem carries as designations', () => {
    const responses = validAnswers('SF');
    const { results, ...test } = testOf('SF', 9, responses);
    const germanResults = { ...results, itemSet: { ...results.itemSet, id: german.id } };
    const bundle = buildPatientBundle({
      settings,
      anchorId: 9,
      tests: [{ ...test, results: germanResults, itemSet: german }],
      now: new Date('2026-03-02T08:00:00Z'),
    });
    expect(problemsOf(bundle)).toEqual([]);
    const response = bundle.entry.find((e) => e.resource.resourceType === 'QuestionnaireResponse')!.resource as {
      item: { answer: { valueCoding: { display: string } }[] }[];
    };
    expect(german.answerLabels).toContain(response.item[0]!.answer[0]!.valueCoding.display);
    const answers = buildCodeSystem(settings, 'pid5-answers', {
      answerLabelSets: [{ language: 'de', labels: german.answerLabels }],
    });
    expect(answers.concept.map((c) => c.designation?.[0])).toEqual(
      german.answerLabels.map((value) => ({ language: 'de', value })),
    );
  });

  it('one url|version, one content: the version names the item set; without texts it is the same for every set', () => {
    const english = itemSets.get('en')!;
    const en = buildQuestionnaire({ settings, form: 'BF', itemSet: english });
    const de = buildQuestionnaire({ settings, form: 'BF', itemSet: german });
    expect(en.url).toBe(de.url);
    expect(en.version).not.toBe(de.version);
    expect(en.version).toContain(english.id);
    const bare = [english, german].map((set) =>
      buildQuestionnaire({ settings, form: 'BF', itemSet: set, withTexts: false }),
    );
    expect(bare[0]).toEqual(bare[1]);
    expect(bare[0]!.version).not.toBe(en.version);
  });

  it("brief form: every coding's display is its CodeSystem's (verdict, total), the form's wording in text", () => {
    const { results, ...test } = testOf('BF', 7, validAnswers('BF'));
    const entries = buildAssessmentEntries({ ...test, results, settings });
    const verdict = entries.find((e) => e.resource.id === 'pid5-7-VERDICT')!.resource as {
      valueCodeableConcept: { coding: { display: string }[]; text: string };
    };
    expect(verdict.valueCodeableConcept.coding[0]!.display).toBe(
      buildCodeSystem(settings, 'pid5-validity-status').concept.find((c) => c.code === 'valid')!.display,
    );
    expect(verdict.valueCodeableConcept.text).toBe(results.validityVerdict.label);
    const total = entries.find((e) => e.resource.id === 'pid5-7-Total')!.resource as {
      code: { coding: { display: string }[] };
    };
    expect(total.code.coding[0]!.display).toBe('Total score (brief form)');
  });
});

/** A copy of a valid Bundle with one thing changed by `plant`. */
function planted(plant: (entries: BundleEntry[], bundle: Record<string, unknown>) => void): Bundle {
  const { results, ...test } = testOf('BF', 7, protocols('BF').valid);
  const bundle = buildPatientBundle({
    settings,
    anchorId: 7,
    tests: [{ ...test, results }],
    now: new Date('2026-03-02T08:00:00Z'),
  });
  const copy = structuredClone(bundle);
  plant(copy.entry, copy as unknown as Record<string, unknown>);
  return copy;
}

const observations = (entries: BundleEntry[]) =>
  entries.map((e) => e.resource as unknown as Record<string, unknown>).filter((r) => r.resourceType === 'Observation');

describe('the checks fail on each planted defect', () => {
  it('Observation.status "done" (not an R4 status): the schema and the content check reject it', () => {
    const bundle = planted((entries) => observations(entries).forEach((o) => (o.status = 'done')));
    expect(fhirSchemaErrors(bundle).join('\n')).toMatch(/\/entry\/\d+\/resource\/status: must be equal to one of/);
    expect(
      fhirContentProblems(
        bundle.entry.map((e) => e.resource),
        { settings, resolves: () => true },
      ),
    ).toContainEqual(expect.stringContaining('status "done", not "final"'));
  });

  it('a Bundle type outside R4 (e.g. "bundle")', () => {
    const bundle = planted((_, b) => (b.type = 'bundle'));
    expect(fhirSchemaErrors(bundle).join('\n')).toMatch(/^\/type: must be equal to one of/m);
  });

  it('a Quantity comparator outside R4 (e.g. "=>")', () => {
    const bundle = planted((entries) => {
      const quantity = observations(entries).find((o) => o.valueQuantity)!.valueQuantity as Record<string, unknown>;
      quantity.comparator = '=>';
    });
    expect(fhirSchemaErrors(bundle).join('\n')).toMatch(/valueQuantity\/comparator: must be equal to one of/);
  });

  it('an empty string (e.g. a code text "")', () => {
    const bundle = planted((entries) => {
      (observations(entries)[0]!.code as Record<string, unknown>).text = '';
    });
    expect(fhirSchemaErrors(bundle).join('\n')).toMatch(/code\/text: must match pattern/);
  });

  it('a property R4 does not define, and a resource type it does not have', () => {
    const bundle = planted((entries) => (observations(entries)[0]!.score = 1));
    expect(fhirSchemaErrors(bundle).join('\n')).toContain('must NOT have additional properties (score)');
    expect(fhirSchemaErrors({ resourceType: 'Project' })).not.toEqual([]);
  });

  it("a display that is not its CodeSystem's (e.g. a form's own verdict label on the code)", () => {
    const bundle = planted((entries) => {
      const verdict = observations(entries).find((o) => JSON.stringify(o.code).includes('VERDICT'))!;
      (verdict.valueCodeableConcept as { coding: { display: string }[] }).coding[0]!.display =
        'No validity scale published';
    });
    expect(
      fhirContentProblems(
        bundle.entry.map((e) => e.resource),
        { settings, resolves: () => true },
      ),
    ).toContainEqual(expect.stringContaining('display "No validity scale published" of valid'));
  });

  it('a code not in our CodeSystem, and a reference that names nothing the receiver has', () => {
    const bundle = planted((entries) => {
      const observation = observations(entries)[0]!;
      (observation.code as { coding: { code: string }[] }).coding[0]!.code = 'NOT-A-SCALE';
      observation.derivedFrom = [{ reference: 'QuestionnaireResponse/unknown' }];
    });
    const problems = fhirContentProblems(
      bundle.entry.map((e) => e.resource),
      { settings, resolves: withinBundle(bundle) },
    );
    expect(problems).toContainEqual(expect.stringContaining('"NOT-A-SCALE" is not in'));
    expect(problems).toContainEqual(expect.stringContaining('QuestionnaireResponse/unknown does not resolve'));
  });

  it('FHIR.js, the third validator, rejects an invalid status, Bundle type and comparator and an unknown property', () => {
    const cases: [string, (entries: BundleEntry[], b: Record<string, unknown>) => void][] = [
      ['status', (entries) => observations(entries).forEach((o) => (o.status = 'done'))],
      ['bundle type', (_, b) => (b.type = 'bundle')],
      [
        'comparator',
        (entries) => {
          const quantity = observations(entries).find((o) => o.valueQuantity)!.valueQuantity as Record<string, unknown>;
          quantity.comparator = '=>';
        },
      ],
      ['unknown property', (entries) => (observations(entries)[0]!.score = 1)],
    ];
    for (const [defect, plant] of cases) {
      expect(fhirJsErrors(planted(plant)), defect).not.toEqual([]);
    }
    expect(fhirJsErrors(planted(() => undefined))).toEqual([]);
  });

  it("medplum's validator alone lets an invalid status through (why the schema is there)", () => {
    const bundle = planted((entries) => observations(entries).forEach((o) => (o.status = 'done')));
    const observation = bundle.entry.find((e) => e.resource.resourceType === 'Observation')!.resource;
    expect(fhirSchemaErrors(observation)).not.toEqual([]);
    // Recorded, not required: if medplum starts to catch it, both validators agree, which is fine.
    expect(Array.isArray(medplumErrors(observation))).toBe(true);
  });
});
