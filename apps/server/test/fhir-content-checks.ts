import { loadItemSets } from '../src/modules/item-sets/load-item-set';
import { buildCodeSystem, CODE_SYSTEM_IDS, type FhirSettings } from '../src/modules/fhir/fhir-code-systems';

// What a receiver relies on beyond the R4 structure, checked over any set of exported resources: every Observation
// is final, every code of ours is in the CodeSystem it names, with that CodeSystem's display or one of its
// designations (the served CodeSystems carry the loaded item sets' answer labels; here the demonstration sets'), every Observation
// is a survey about the patient by the institute's identifier, and every reference names a resource the receiver
// has (an entry of the same Bundle or file, or one it can read by the given resolver).

export interface ContentCheckOptions {
  settings: FhirSettings;
  /** Whether a reference (as written) names a resource the receiver holds or can read. */
  resolves: (reference: string) => boolean;
}

function* walk(value: unknown, path: string): Generator<{ path: string; value: Record<string, unknown> }> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      yield* walk(item, `${path}[${index}]`);
    }
  } else if (value !== null && typeof value === 'object') {
    yield { path, value: value as Record<string, unknown> };
    for (const [key, item] of Object.entries(value)) {
      yield* walk(item, `${path}.${key}`);
    }
  }
}

/** Per CodeSystem URL: each code's display and designations, as the server serves them with the demonstration sets. */
const conceptsByBase = new Map<string, Map<string, Map<string, string[]>>>();

function ourConcepts(settings: FhirSettings): Map<string, Map<string, string[]>> {
  let concepts = conceptsByBase.get(settings.canonicalBase);
  if (!concepts) {
    const itemSets = loadItemSets({ file: undefined, files: [], defaultLanguage: null });
    const answerLabelSets = itemSets.languages.map((language) => ({
      language,
      labels: itemSets.get(language)!.answerLabels,
    }));
    concepts = new Map(
      CODE_SYSTEM_IDS.map((id) => {
        const cs = buildCodeSystem(settings, id, { answerLabelSets });
        return [
          cs.url,
          new Map(cs.concept.map((c) => [c.code, [c.display ?? '', ...(c.designation ?? []).map((d) => d.value)]])),
        ];
      }),
    );
    conceptsByBase.set(settings.canonicalBase, concepts);
  }
  return concepts;
}

/** Every problem found (empty when none), each as "resourceType path: what". */
export function fhirContentProblems(
  resources: readonly { resourceType: string }[],
  options: ContentCheckOptions,
): string[] {
  const problems: string[] = [];
  const codeSystems = ourConcepts(options.settings);
  for (const resource of resources) {
    const r = resource as Record<string, unknown>;
    const where = `${resource.resourceType}${typeof r.id === 'string' ? `/${r.id}` : ''}`;
    if (resource.resourceType === 'Observation') {
      if (r.status !== 'final') {
        problems.push(`${where}: status ${JSON.stringify(r.status)}, not "final"`);
      }
      const subject = r.subject as { identifier?: { system?: string; value?: string } } | undefined;
      if (subject?.identifier?.system !== options.settings.patientIdSystem || !subject.identifier.value) {
        problems.push(`${where}: subject is not the patient by the institute's identifier`);
      }
    }
    for (const { path, value } of walk(resource, '')) {
      const system = value.system;
      if (typeof system === 'string' && codeSystems.has(system) && 'code' in value) {
        const known = codeSystems.get(system)!;
        const code = value.code as string;
        if (!known.has(code)) {
          problems.push(`${where}${path}: code ${JSON.stringify(code)} is not in ${system}`);
        } else if (typeof value.display === 'string' && !known.get(code)!.includes(value.display)) {
          problems.push(
            `${where}${path}: display ${JSON.stringify(value.display)} of ${code} is not its CodeSystem's (${known.get(code)!.join(' / ')})`,
          );
        }
      }
      if (typeof value.reference === 'string' && !options.resolves(value.reference)) {
        problems.push(`${where}${path}: reference ${value.reference} does not resolve`);
      }
    }
  }
  return problems;
}
