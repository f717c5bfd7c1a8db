import { z } from 'zod';
import type {
  DomainDefinition,
  FacetDefinition,
  NormSetDefinition,
  NormValue,
  Pid5Definition,
  ValidityDefinitions,
} from './definition-types';
import { DOMAIN_KEYS, FACET_KEYS, type DomainKey, type FacetKey, isDomainKey } from './keys';

// Validation of the scoring definition (`data/pid5-scoring.json`, see `pid5-scoring.NOTES.md` beside it).
// The definition is clinical data: a typo in an item list silently changes every patient's score, so it is
// checked in full every time it is loaded (and the check is tested against deliberately broken copies).
// Two stages: zod checks the shape, then consistency checks compare the parts with each other.

/** The norm sets this package scores against (see norm-sets.ts); they must be complete in the data. */
export const REQUIRED_NORM_SET_IDS = ['SRF', 'DE-GESIS-2026'] as const;

/**
 * Published sizes of the validity scales for the 220-item form: INC 20 item pairs (Keeley et al. 2016, Table 1),
 * ORS 10 items (Sellbom, Dhillon & Bagby 2018, Table 2), PRD 22 items (Williams et al. 2019, Table 4 note),
 * SD-TD 17 items (Williams et al. 2019, text p. 258; see the data notes §8 on item 38).
 */
const VALIDITY_SIZES = { INC: 20, ORS: 10, PRD: 22, SDTD: 17 } as const;

const ZItemNumber = z.int();

const ZFacet = z.object({
  key: z.string(),
  name: z.string().min(1),
  nItems: z.int(),
  items: z.array(ZItemNumber),
  reverseKeyedItems: z.array(ZItemNumber),
  primaryFacetOfDomain: z.string().nullable(),
  maxMissingItemsForScoring: z.int(),
});

const ZDomain = z.object({
  key: z.string(),
  name: z.string().min(1),
  facets: z.array(z.string()),
});

const ZNormValue = z.object({ mean: z.number().nullable(), sd: z.number().nullable() });

const ZNormSet = z.object({
  label: z.string().min(1),
  source: z.string().nullable(),
  status: z.string().min(1),
  sampleN: z.int().optional(),
  facets: z.record(z.string(), ZNormValue.extend({ nItems: z.int().optional() })),
  domains: z.record(z.string(), ZNormValue),
});

const ZValidityBase = z.object({ key: z.string(), name: z.string().min(1), source: z.string().min(1) });

const ZInc = ZValidityBase.extend({
  key: z.literal('INC'),
  itemPairs: z.array(z.tuple([ZItemNumber, ZItemNumber])),
  scoring: z.string(),
  cutoff: z.object({ invalidIfAtLeast: z.int() }),
});

const ZOrs = ZValidityBase.extend({
  key: z.literal('ORS'),
  items: z.array(ZItemNumber),
  scoring: z.string(),
  cutoff: z.object({ overreportingIfAtLeast: z.int() }),
});

const ZPrd = ZValidityBase.extend({
  key: z.literal('PRD'),
  items: z.array(ZItemNumber),
  scoring: z.string(),
  cutoff: z.object({ underreportingIfAtMost: z.int(), genuineIfAtLeast: z.int() }),
});

const ZSdtd = ZValidityBase.extend({
  key: z.literal('SDTD'),
  items: z.array(ZItemNumber),
  itemsUncertain: z.array(ZItemNumber).optional(),
  scoring: z.string(),
  cutoff: z.object({ socialDesirabilityIfAtMost: z.int(), defensivenessIfAtLeast: z.int() }),
  note: z.string().optional(),
});

const ZDefinitionJson = z.object({
  instrument: z.string().min(1),
  form: z.string().min(1),
  items: z.int(),
  scale: z.object({ min: z.int(), max: z.int() }),
  reverseKeyed: z.array(ZItemNumber),
  facets: z.array(ZFacet),
  domains: z.array(ZDomain),
  missingRule: z.object({
    source: z.string().min(1),
    quote: z.string().min(1),
    facetMaxMissingFraction: z.number(),
    maxMissingItemsByFacetSize: z.record(z.string(), z.int()),
  }),
  norms: z.record(z.string(), ZNormSet),
  // Validity scales are checked one by one below (the list also holds entries marked found: false).
  validityScales: z.array(z.looseObject({ key: z.string() })),
  sources: z.array(z.looseObject({ id: z.string().min(1), citation: z.string().min(1) })),
});

type DefinitionJson = z.infer<typeof ZDefinitionJson>;

export type DefinitionValidation =
  | { readonly ok: true; readonly definition: Pid5Definition }
  | { readonly ok: false; readonly problems: readonly string[] };

export class DefinitionError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid PID-5 scoring definition: ${summariseProblems(problems)}`);
    this.name = 'DefinitionError';
    this.problems = problems;
  }
}

/** Validate a raw scoring definition (the parsed JSON) and build the typed definition, or list every problem. */
export function validateDefinition(raw: unknown): DefinitionValidation {
  const parsed = ZDefinitionJson.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map(formatZodIssue) };
  }
  const json = parsed.data;
  const problems: string[] = [];
  checkInstrument(json, problems);
  checkFacets(json, problems);
  checkItemCoverage(json, problems);
  checkReverseKeyed(json, problems);
  checkDomains(json, problems);
  checkMissingRule(json, problems);
  checkNorms(json, problems);
  const validity = buildValidity(json, problems);
  if (problems.length > 0 || validity === null) {
    return { ok: false, problems };
  }
  return { ok: true, definition: buildDefinition(json, validity) };
}

/** Like `validateDefinition`, but throws a `DefinitionError` naming the problems. */
export function parseDefinition(raw: unknown): Pid5Definition {
  const result = validateDefinition(raw);
  if (!result.ok) {
    throw new DefinitionError(result.problems);
  }
  return result.definition;
}

export function summariseProblems(problems: readonly string[], shown = 5): string {
  const head = problems.slice(0, shown).join('; ');
  const rest = problems.length - shown;
  return rest > 0 ? `${head} (and ${rest} more)` : head;
}

function formatZodIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}

function isItemNumber(n: number, itemCount: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= itemCount;
}

function findDuplicates(values: readonly (string | number)[]): (string | number)[] {
  const seen = new Set<string | number>();
  const duplicates = new Set<string | number>();
  for (const value of values) {
    if (seen.has(value)) {
      duplicates.add(value);
    }
    seen.add(value);
  }
  return [...duplicates];
}

function checkInstrument(json: DefinitionJson, problems: string[]): void {
  if (json.items !== 220) {
    problems.push(`items: the 220-item form needs 220 items, got ${json.items}`);
  }
  if (json.scale.min !== 0 || json.scale.max !== 3) {
    problems.push(`scale: answers must run 0-3, got ${json.scale.min}-${json.scale.max}`);
  }
}

function checkKeyList(
  what: string,
  actual: readonly string[],
  expected: readonly string[],
  problems: string[],
): boolean {
  const before = problems.length;
  for (const key of findDuplicates(actual)) {
    problems.push(`${what}: ${String(key)} is listed more than once`);
  }
  for (const key of actual) {
    if (!expected.includes(key)) {
      problems.push(`${what}: unknown key ${key}`);
    }
  }
  for (const key of expected) {
    if (!actual.includes(key)) {
      problems.push(`${what}: ${key} is missing`);
    }
  }
  if (problems.length === before && actual.join(',') !== expected.join(',')) {
    problems.push(`${what}: expected the order ${expected.join(', ')}`);
  }
  return problems.length === before;
}

function checkFacets(json: DefinitionJson, problems: string[]): void {
  checkKeyList(
    'facets',
    json.facets.map((f) => f.key),
    FACET_KEYS,
    problems,
  );
  for (const facet of json.facets) {
    const where = `facet ${facet.key}`;
    if (facet.nItems !== facet.items.length) {
      problems.push(`${where}: nItems is ${facet.nItems} but ${facet.items.length} items are listed`);
    }
    for (const item of facet.items) {
      if (!isItemNumber(item, json.items)) {
        problems.push(`${where}: item ${item} is outside 1-${json.items}`);
      }
    }
    for (const item of findDuplicates(facet.items)) {
      problems.push(`${where}: item ${item} is listed more than once`);
    }
    for (const item of facet.reverseKeyedItems) {
      if (!facet.items.includes(item)) {
        problems.push(`${where}: reverse-keyed item ${item} is not one of its items`);
      }
    }
    // APA key: "more than 25% of the items ... left unanswered" → not scored, so at most floor(25% of n) missing.
    const expectedMax = Math.floor(facet.items.length * 0.25);
    if (facet.maxMissingItemsForScoring !== expectedMax) {
      problems.push(
        `${where}: maxMissingItemsForScoring is ${facet.maxMissingItemsForScoring}, expected ${expectedMax} (25% of ${facet.items.length} items, rounded down)`,
      );
    }
    if (facet.primaryFacetOfDomain !== null && !isDomainKey(facet.primaryFacetOfDomain)) {
      problems.push(`${where}: primaryFacetOfDomain ${facet.primaryFacetOfDomain} is not a domain`);
    }
  }
}

function checkItemCoverage(json: DefinitionJson, problems: string[]): void {
  const owners = new Map<number, string[]>();
  for (const facet of json.facets) {
    for (const item of new Set(facet.items)) {
      owners.set(item, [...(owners.get(item) ?? []), facet.key]);
    }
  }
  for (let item = 1; item <= json.items; item++) {
    const facets = owners.get(item) ?? [];
    if (facets.length === 0) {
      problems.push(`item ${item} is in no facet`);
    } else if (facets.length > 1) {
      problems.push(`item ${item} is in more than one facet (${facets.join(', ')})`);
    }
  }
}

function checkReverseKeyed(json: DefinitionJson, problems: string[]): void {
  for (const item of findDuplicates(json.reverseKeyed)) {
    problems.push(`reverseKeyed: item ${item} is listed more than once`);
  }
  const markedInFacets = new Map<number, string>();
  for (const facet of json.facets) {
    for (const item of facet.reverseKeyedItems) {
      markedInFacets.set(item, facet.key);
    }
  }
  for (const item of json.reverseKeyed) {
    if (!markedInFacets.has(item)) {
      problems.push(`reverseKeyed: item ${item} is not marked reverse-keyed in its facet`);
    }
  }
  for (const [item, facetKey] of markedInFacets) {
    if (!json.reverseKeyed.includes(item)) {
      problems.push(`facet ${facetKey}: reverse-keyed item ${item} is missing from reverseKeyed`);
    }
  }
}

function checkDomains(json: DefinitionJson, problems: string[]): void {
  checkKeyList(
    'domains',
    json.domains.map((d) => d.key),
    DOMAIN_KEYS,
    problems,
  );
  const facetByKey = new Map(json.facets.map((f) => [f.key, f]));
  for (const domain of json.domains) {
    const where = `domain ${domain.key}`;
    if (domain.facets.length !== 3) {
      problems.push(`${where}: needs exactly 3 facets, got ${domain.facets.length}`);
    }
    for (const key of findDuplicates(domain.facets)) {
      problems.push(`${where}: facet ${String(key)} is listed more than once`);
    }
    for (const key of domain.facets) {
      const facet = facetByKey.get(key);
      if (facet === undefined) {
        problems.push(`${where}: facet ${key} does not exist`);
      } else if (facet.primaryFacetOfDomain === null) {
        problems.push(`${where}: facet ${key} is not marked as a primary facet of any domain`);
      } else if (facet.primaryFacetOfDomain !== domain.key) {
        problems.push(`${where}: facet ${key} is marked as a primary facet of ${facet.primaryFacetOfDomain}`);
      }
    }
  }
  for (const facet of json.facets) {
    if (facet.primaryFacetOfDomain === null) {
      continue;
    }
    const domain = json.domains.find((d) => d.key === facet.primaryFacetOfDomain);
    if (domain !== undefined && !domain.facets.includes(facet.key)) {
      problems.push(`facet ${facet.key}: primaryFacetOfDomain ${domain.key} does not list it`);
    }
  }
}

function checkMissingRule(json: DefinitionJson, problems: string[]): void {
  const rule = json.missingRule;
  if (rule.facetMaxMissingFraction !== 0.25) {
    problems.push(`missingRule: facetMaxMissingFraction must be 0.25 (APA key), got ${rule.facetMaxMissingFraction}`);
  }
  for (const size of new Set(json.facets.map((f) => f.items.length))) {
    const expected = Math.floor(size * 0.25);
    const listed = rule.maxMissingItemsByFacetSize[String(size)];
    if (listed === undefined) {
      problems.push(`missingRule: maxMissingItemsByFacetSize has no entry for ${size}-item facets`);
    } else if (listed !== expected) {
      problems.push(
        `missingRule: maxMissingItemsByFacetSize for ${size}-item facets is ${listed}, expected ${expected} (25%, rounded down)`,
      );
    }
  }
}

function checkNormValues(
  where: string,
  values: Readonly<Record<string, { mean: number | null; sd: number | null }>>,
  expectedKeys: readonly string[],
  isComplete: boolean,
  problems: string[],
): void {
  for (const key of Object.keys(values)) {
    if (!expectedKeys.includes(key)) {
      problems.push(`${where}: unknown scale ${key}`);
    }
  }
  for (const key of expectedKeys) {
    const value = values[key];
    if (value === undefined) {
      problems.push(`${where}: ${key} is missing`);
      continue;
    }
    if ((value.mean === null) !== (value.sd === null)) {
      problems.push(`${where}: ${key} needs both mean and sd, or neither`);
      continue;
    }
    if (value.mean === null || value.sd === null) {
      if (isComplete) {
        problems.push(`${where}: ${key} has no mean/sd but the set's status is 'derived' (complete)`);
      }
      continue;
    }
    if (!Number.isFinite(value.mean) || value.mean < 0 || value.mean > 3) {
      problems.push(`${where}: ${key} mean ${value.mean} is outside the 0-3 score range`);
    }
    if (!Number.isFinite(value.sd) || value.sd <= 0) {
      problems.push(`${where}: ${key} sd ${value.sd} must be positive`);
    }
  }
}

function checkNorms(json: DefinitionJson, problems: string[]): void {
  for (const id of REQUIRED_NORM_SET_IDS) {
    if (json.norms[id] === undefined) {
      problems.push(`norms: norm set ${id} is missing`);
    }
  }
  for (const [id, set] of Object.entries(json.norms)) {
    // A set must cover every scale when its status claims full coverage ('derived'); 'missing' and
    // 'partial-unverified' sets may have null entries, which score as a null z for that scale.
    const isComplete = set.status === 'derived';
    checkNormValues(`norm set ${id} facets`, set.facets, FACET_KEYS, isComplete, problems);
    checkNormValues(`norm set ${id} domains`, set.domains, DOMAIN_KEYS, isComplete, problems);
    for (const facet of json.facets) {
      const nItems = set.facets[facet.key]?.nItems;
      if (nItems !== undefined && nItems !== facet.items.length) {
        problems.push(
          `norm set ${id} facets: ${facet.key} was normed on ${nItems} items, the key has ${facet.items.length}`,
        );
      }
    }
  }
}

function checkScaleItems(
  where: string,
  items: readonly number[],
  expectedCount: number,
  json: DefinitionJson,
  problems: string[],
): void {
  if (items.length !== expectedCount) {
    problems.push(`${where}: expected ${expectedCount} items, got ${items.length}`);
  }
  for (const item of items) {
    if (!isItemNumber(item, json.items)) {
      problems.push(`${where}: item ${item} is outside 1-${json.items}`);
    }
  }
  for (const item of findDuplicates(items)) {
    problems.push(`${where}: item ${item} is listed more than once`);
  }
}

function parseScale<T extends z.ZodType>(
  json: DefinitionJson,
  key: string,
  schema: T,
  problems: string[],
): z.infer<T> | null {
  const entries = json.validityScales.filter((s) => s.key === key);
  if (entries.length !== 1) {
    problems.push(`validityScales: expected one ${key} entry, got ${entries.length}`);
    return null;
  }
  const parsed = schema.safeParse(entries[0]);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`validity scale ${key}: ${formatZodIssue(issue)}`);
    }
    return null;
  }
  return parsed.data;
}

function buildValidity(json: DefinitionJson, problems: string[]): ValidityDefinitions | null {
  const inc = parseScale(json, 'INC', ZInc, problems);
  const ors = parseScale(json, 'ORS', ZOrs, problems);
  const prd = parseScale(json, 'PRD', ZPrd, problems);
  const sdtd = parseScale(json, 'SDTD', ZSdtd, problems);
  if (inc === null || ors === null || prd === null || sdtd === null) {
    return null;
  }
  if (inc.itemPairs.length !== VALIDITY_SIZES.INC) {
    problems.push(`validity scale INC: expected ${VALIDITY_SIZES.INC} item pairs, got ${inc.itemPairs.length}`);
  }
  const incItems = inc.itemPairs.flat();
  checkScaleItems('validity scale INC', incItems, VALIDITY_SIZES.INC * 2, json, problems);
  // INC is summed on raw answers; that is only meaningful because none of its items is reverse-keyed
  // (data notes §8, Keeley et al. 2016). A reverse-keyed item here would mean the key or the list changed.
  for (const item of incItems) {
    if (json.reverseKeyed.includes(item)) {
      problems.push(`validity scale INC: item ${item} is reverse-keyed; INC pairs must be same-direction raw items`);
    }
  }
  checkScaleItems('validity scale ORS', ors.items, VALIDITY_SIZES.ORS, json, problems);
  checkScaleItems('validity scale PRD', prd.items, VALIDITY_SIZES.PRD, json, problems);
  checkScaleItems('validity scale SDTD', sdtd.items, VALIDITY_SIZES.SDTD, json, problems);
  for (const item of sdtd.itemsUncertain ?? []) {
    if (!sdtd.items.includes(item)) {
      problems.push(`validity scale SDTD: uncertain item ${item} is not one of its items`);
    }
  }
  if (inc.cutoff.invalidIfAtLeast < 1 || inc.cutoff.invalidIfAtLeast > VALIDITY_SIZES.INC * 3) {
    problems.push(`validity scale INC: cut-off ${inc.cutoff.invalidIfAtLeast} is outside the score range`);
  }
  if (ors.cutoff.overreportingIfAtLeast < 1 || ors.cutoff.overreportingIfAtLeast > ors.items.length) {
    problems.push(`validity scale ORS: cut-off ${ors.cutoff.overreportingIfAtLeast} is outside the score range`);
  }
  if (prd.cutoff.underreportingIfAtMost >= prd.cutoff.genuineIfAtLeast) {
    problems.push('validity scale PRD: the positive-impression cut-off must be below the genuine cut-off');
  }
  if (sdtd.cutoff.socialDesirabilityIfAtMost >= sdtd.cutoff.defensivenessIfAtLeast) {
    problems.push('validity scale SDTD: the social-desirability cut-off must be below the defensiveness cut-off');
  }
  return {
    INC: {
      key: 'INC',
      name: inc.name,
      source: inc.source,
      scoring: inc.scoring,
      itemPairs: inc.itemPairs.map(([a, b]) => [a, b] as const),
      invalidIfAtLeast: inc.cutoff.invalidIfAtLeast,
    },
    ORS: {
      key: 'ORS',
      name: ors.name,
      source: ors.source,
      scoring: ors.scoring,
      items: ors.items,
      overreportingIfAtLeast: ors.cutoff.overreportingIfAtLeast,
    },
    PRD: {
      key: 'PRD',
      name: prd.name,
      source: prd.source,
      scoring: prd.scoring,
      items: prd.items,
      positiveImpressionIfAtMost: prd.cutoff.underreportingIfAtMost,
      genuineIfAtLeast: prd.cutoff.genuineIfAtLeast,
    },
    SDTD: {
      key: 'SDTD',
      name: sdtd.name,
      source: sdtd.source,
      scoring: sdtd.scoring,
      items: sdtd.items,
      itemsUncertain: sdtd.itemsUncertain ?? [],
      socialDesirabilityIfAtMost: sdtd.cutoff.socialDesirabilityIfAtMost,
      defensivenessIfAtLeast: sdtd.cutoff.defensivenessIfAtLeast,
      note: sdtd.note ?? null,
    },
  };
}

function toNormValue(value: { mean: number | null; sd: number | null } | undefined): NormValue | null {
  if (value === undefined || value.mean === null || value.sd === null) {
    return null;
  }
  return { mean: value.mean, sd: value.sd };
}

function buildDefinition(json: DefinitionJson, validity: ValidityDefinitions): Pid5Definition {
  const facets: FacetDefinition[] = json.facets.map((f) => ({
    key: f.key as FacetKey,
    name: f.name,
    nItems: f.nItems,
    items: f.items,
    reverseKeyedItems: f.reverseKeyedItems,
    domain: f.primaryFacetOfDomain as DomainKey | null,
    maxMissingItemsForScoring: f.maxMissingItemsForScoring,
  }));
  const domains: DomainDefinition[] = json.domains.map((d) => ({
    key: d.key as DomainKey,
    name: d.name,
    facets: d.facets as unknown as [FacetKey, FacetKey, FacetKey],
  }));
  const norms: Record<string, NormSetDefinition> = {};
  for (const [id, set] of Object.entries(json.norms)) {
    norms[id] = {
      id,
      label: set.label,
      source: set.source,
      status: set.status,
      sampleN: set.sampleN ?? null,
      facets: Object.fromEntries(FACET_KEYS.map((k) => [k, toNormValue(set.facets[k])])) as Record<
        FacetKey,
        NormValue | null
      >,
      domains: Object.fromEntries(DOMAIN_KEYS.map((k) => [k, toNormValue(set.domains[k])])) as Record<
        DomainKey,
        NormValue | null
      >,
    };
  }
  return {
    instrument: json.instrument,
    form: json.form,
    itemCount: json.items,
    answerMin: json.scale.min,
    answerMax: json.scale.max,
    reverseKeyedItems: [...json.reverseKeyed].sort((a, b) => a - b),
    facets,
    domains,
    missingRule: json.missingRule,
    norms,
    validity,
    sources: json.sources.map((s) => ({ id: s.id, citation: s.citation })),
  };
}
