import { z } from 'zod';
import type { DomainDefinition, Pid5Definition } from './definition-types';
import { DOMAIN_KEYS, FACET_KEYS, type DomainKey, type FacetKey, type FormId } from './keys';
import { summariseProblems } from './validate-definition';

// Validation of the forms file (data/pid5-forms.json, see pid5-forms.NOTES.md beside it): the item maps and keys
// of the full form, the short form (PID-5-SF, Maples et al. 2015) and the brief form (PID-5-BF, APA 2013). Like
// the scoring definition it is checked in full when loaded, and against that definition: every form item maps to
// a distinct full item, a short-form facet's items belong to the same facet of the full form, a brief-form item
// comes from a facet of its domain, the full form's facets equal the scoring definition's.

/** One scale made of items: its items in the form's numbering and in the full form's. */
export interface FormItemScale {
  readonly name: string;
  /** Item numbers in the form's own numbering (positions in the form's response string). */
  readonly items: readonly number[];
  /** The same items in full-form numbering. */
  readonly fullItems: readonly number[];
  /** Reverse-keyed items (form numbering), scored 3 − answer. */
  readonly reverseKeyedItems: readonly number[];
  /** Largest number of unanswered items for which the scale is still scored. */
  readonly maxMissingItemsForScoring: number;
}

export interface FormFacet extends FormItemScale {
  readonly key: FacetKey;
  /** The domain this facet is a primary facet of, or null. */
  readonly domain: DomainKey | null;
}

export interface FormItemDomain extends FormItemScale {
  readonly key: DomainKey;
}

export interface FormMissingRule {
  readonly rule: string;
  /** How the rule is sourced ("published rule", "by analogy only", …), as the data says. */
  readonly status: string;
  /** Null when no published source exists for the form (the short form). */
  readonly publishedSource: string | null;
}

/** The short form's inconsistency scale (Lowmaster et al. 2020 and Correction 2021). */
export interface IncsDefinition {
  readonly key: 'INCS';
  readonly name: string;
  readonly source: string;
  /** Pairs in short-form numbering. */
  readonly itemPairs: readonly (readonly [number, number])[];
  readonly fullItemPairs: readonly (readonly [number, number])[];
  readonly invalidIfAtLeast: number;
}

interface FormDefinitionBase {
  readonly name: string;
  readonly itemCount: number;
  readonly keySource: string;
  /** Full-form item number of each form item: fullItems[formItem − 1]. */
  readonly fullItems: readonly number[];
  readonly missingRule: FormMissingRule;
}

export interface FacetFormDefinition extends FormDefinitionBase {
  readonly id: 'FULL' | 'SF';
  /** In FACET_KEYS order. */
  readonly facets: readonly FormFacet[];
  /** In DOMAIN_KEYS order: each the mean of its three primary facets. */
  readonly domains: readonly DomainDefinition[];
  /** The short form's INC-S; null for the full form (its validity scales are in the scoring definition). */
  readonly incs: IncsDefinition | null;
}

export interface BriefFormDefinition extends FormDefinitionBase {
  readonly id: 'BF';
  /** In DOMAIN_KEYS order: each the mean of its 5 items. */
  readonly domains: readonly FormItemDomain[];
  /** The mean of all 25 items (Markon et al. 2024, p. 23). */
  readonly total: FormItemScale & { readonly source: string; readonly missingRuleSource: string };
}

export type FormDefinition = FacetFormDefinition | BriefFormDefinition;

export type FormsDefinition = Readonly<{ FULL: FacetFormDefinition; SF: FacetFormDefinition; BF: BriefFormDefinition }>;

const ZInt = z.int();

const ZItemMap = z.array(z.object({ formItem: ZInt, fullItem: ZInt }));

const ZScaleItems = {
  name: z.string().min(1),
  nItems: ZInt,
  items: z.array(ZInt),
  fullItems: z.array(ZInt),
  reverseKeyedItems: z.array(ZInt),
  maxMissingItemsForScoring: ZInt,
};

const ZFacet = z.looseObject({ key: z.string(), ...ZScaleItems, primaryFacetOfDomain: z.string().nullable() });

const ZItemDomain = z.looseObject({
  key: z.string(),
  ...ZScaleItems,
  itemSources: z.array(
    z.looseObject({ formItem: ZInt, fullItem: ZInt, fullFormFacet: z.string(), relation: z.string() }),
  ),
});

const ZMissingRule = z.looseObject({
  rule: z.string().min(1),
  status: z.string().min(1),
  publishedSource: z.string().min(1).nullable(),
});

const ZFormBase = {
  name: z.string().min(1),
  nItems: ZInt,
  keySource: z.string().min(1),
  items: ZItemMap,
  reverseKeyed: z.array(ZInt),
  missingRule: ZMissingRule,
  validityScales: z.array(z.looseObject({})),
};

const ZFacetForm = z.looseObject({
  ...ZFormBase,
  facets: z.array(ZFacet),
  domains: z.array(z.looseObject({ key: z.string(), name: z.string().min(1), facets: z.array(z.string()) })),
  totalScore: z.null(),
});

const ZBriefForm = z.looseObject({
  ...ZFormBase,
  facets: z.null(),
  domains: z.array(ZItemDomain),
  totalScore: z.looseObject({
    key: z.literal('Total'),
    items: z.array(ZInt),
    source: z.string().min(1),
    maxMissingItemsForScoring: ZInt,
  }),
});

const ZIncs = z.looseObject({
  key: z.literal('INCS'),
  name: z.string().min(1),
  itemPairs: z.array(z.tuple([ZInt, ZInt])),
  fullItemPairs: z.array(z.tuple([ZInt, ZInt])),
  cutoff: z.object({ invalidIfAtLeast: ZInt }),
  cutoffSource: z.string().min(1),
});

const ZFormsFile = z.looseObject({
  forms: z.object({ FULL: ZFacetForm, SF: ZFacetForm, BF: ZBriefForm }),
});

type FacetFormJson = z.infer<typeof ZFacetForm>;
type BriefFormJson = z.infer<typeof ZBriefForm>;
type ScaleJson = { name: string; nItems: number; items: number[]; fullItems: number[]; reverseKeyedItems: number[] };

/** Published form sizes: 220 (APA full form), 100 (Maples et al. 2015), 25 (APA PID-5-BF). */
export const FORM_ITEM_COUNTS: Readonly<Record<FormId, number>> = { FULL: 220, SF: 100, BF: 25 };

/** Short-form INC-S: 10 pairs (Lowmaster et al. 2020, Correction 2021 Table 1). */
const INCS_PAIR_COUNT = 10;

export type FormsValidation =
  { readonly ok: true; readonly forms: FormsDefinition } | { readonly ok: false; readonly problems: readonly string[] };

export class FormsError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid PID-5 forms: ${summariseProblems(problems)}`);
    this.name = 'FormsError';
    this.problems = problems;
  }
}

/** Validate the forms file against the (validated) full-form scoring definition; list every problem. */
export function validateForms(raw: unknown, full: Pid5Definition): FormsValidation {
  const parsed = ZFormsFile.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`),
    };
  }
  const { FULL, SF, BF } = parsed.data.forms;
  const problems: string[] = [];
  const fullFacetOf = new Map<number, FacetKey>();
  for (const facet of full.facets) {
    for (const item of facet.items) {
      fullFacetOf.set(item, facet.key);
    }
  }
  const checks: Checks = { problems, full, fullFacetOf };
  const fullMap = checkItemMap('FULL', FULL, checks);
  const sfMap = checkItemMap('SF', SF, checks);
  const bfMap = checkItemMap('BF', BF, checks);
  fullMap.forEach((fullItem, index) => {
    if (fullItem !== index + 1) {
      problems.push(`FULL: item ${index + 1} maps to full item ${fullItem}; the full form maps every item to itself`);
    }
  });
  const fullFacets = checkFacetForm('FULL', FULL, fullMap, checks);
  const sfFacets = checkFacetForm('SF', SF, sfMap, checks);
  for (const facet of fullFacets) {
    const definition = full.facets.find((f) => f.key === facet.key);
    if (definition !== undefined && facet.items.join(',') !== definition.items.join(',')) {
      problems.push(`FULL facet ${facet.key}: items differ from the scoring definition (pid5-scoring.json)`);
    }
  }
  const incs = checkIncs(SF, sfMap, checks);
  const brief = checkBriefForm(BF, bfMap, checks);
  if (problems.length > 0 || incs === null || brief === null) {
    return { ok: false, problems };
  }
  const base = (id: FormId, json: FacetFormJson | BriefFormJson, map: number[]) => ({
    name: json.name,
    itemCount: json.nItems,
    keySource: json.keySource,
    fullItems: map,
    missingRule: {
      rule: json.missingRule.rule,
      status: json.missingRule.status,
      publishedSource: json.missingRule.publishedSource,
    },
    id,
  });
  return {
    ok: true,
    forms: {
      FULL: { ...base('FULL', FULL, fullMap), id: 'FULL', facets: fullFacets, domains: full.domains, incs: null },
      SF: { ...base('SF', SF, sfMap), id: 'SF', facets: sfFacets, domains: full.domains, incs },
      BF: { ...base('BF', BF, bfMap), id: 'BF', ...brief },
    },
  };
}

/** Like `validateForms`, but throws a `FormsError` naming the problems. */
export function parseForms(raw: unknown, full: Pid5Definition): FormsDefinition {
  const result = validateForms(raw, full);
  if (!result.ok) {
    throw new FormsError(result.problems);
  }
  return result.forms;
}

interface Checks {
  readonly problems: string[];
  readonly full: Pid5Definition;
  /** Facet of each full-form item. */
  readonly fullFacetOf: ReadonlyMap<number, FacetKey>;
}

/** The item map as an array (index formItem − 1 → full item), after checking it. */
function checkItemMap(form: FormId, json: FacetFormJson | BriefFormJson, { problems }: Checks): number[] {
  const expected = FORM_ITEM_COUNTS[form];
  if (json.nItems !== expected) {
    problems.push(`${form}: nItems must be ${expected}, got ${json.nItems}`);
  }
  if (json.items.length !== json.nItems) {
    problems.push(`${form}: nItems is ${json.nItems} but ${json.items.length} items are mapped`);
  }
  const map: number[] = [];
  const seen = new Map<number, number>();
  json.items.forEach(({ formItem, fullItem }, index) => {
    if (formItem !== index + 1) {
      problems.push(
        `${form}: item map entry ${index + 1} is form item ${formItem}; list items 1-${json.nItems} in order`,
      );
    }
    if (fullItem < 1 || fullItem > FORM_ITEM_COUNTS.FULL) {
      problems.push(`${form}: item ${formItem} maps to full item ${fullItem}, outside 1-220`);
    }
    const other = seen.get(fullItem);
    if (other !== undefined) {
      problems.push(`${form}: items ${other} and ${formItem} both map to full item ${fullItem}`);
    }
    seen.set(fullItem, formItem);
    const previous = map[index - 1];
    // The short and brief forms number their items in full-form order (data notes §2).
    if (previous !== undefined && fullItem <= previous) {
      problems.push(`${form}: item ${formItem} (full ${fullItem}) does not follow the full-form order`);
    }
    map.push(fullItem);
  });
  return map;
}

/** Items, full items and reverse keys of one scale, checked against the item map and the full definition. */
function checkScaleItems(where: string, scale: ScaleJson, form: FormId, map: readonly number[], checks: Checks): void {
  const { problems, full } = checks;
  if (scale.nItems !== scale.items.length) {
    problems.push(`${where}: nItems is ${scale.nItems} but ${scale.items.length} items are listed`);
  }
  if (scale.fullItems.length !== scale.items.length) {
    problems.push(`${where}: ${scale.items.length} items but ${scale.fullItems.length} full items`);
  }
  scale.items.forEach((item, index) => {
    const mapped = map[item - 1];
    if (mapped === undefined) {
      problems.push(`${where}: item ${item} is outside 1-${map.length}`);
    } else if (mapped !== scale.fullItems[index]) {
      problems.push(`${where}: item ${item} maps to full item ${mapped}, but ${scale.fullItems[index]} is listed`);
    }
  });
  for (const item of scale.reverseKeyedItems) {
    if (!scale.items.includes(item)) {
      problems.push(`${where}: reverse-keyed item ${item} is not one of its items`);
    }
  }
  // A form item is reverse-keyed exactly when its full item is (APA key Step 1).
  scale.items.forEach((item, index) => {
    const fullItem = scale.fullItems[index] ?? 0;
    const isReverse = full.reverseKeyedItems.includes(fullItem);
    if (isReverse !== scale.reverseKeyedItems.includes(item)) {
      problems.push(
        `${where}: item ${item} (full ${fullItem}) must ${isReverse ? '' : 'not '}be reverse-keyed, as in the full form`,
      );
    }
  });
  if (form !== 'FULL') {
    // The 25 % rule the data applies to every form (APA key; by analogy for the short form, notes §2).
    const max = (scale as { maxMissingItemsForScoring?: number }).maxMissingItemsForScoring;
    if (max !== undefined && max !== Math.floor(scale.items.length * 0.25)) {
      problems.push(`${where}: maxMissingItemsForScoring is ${max}, expected ${Math.floor(scale.items.length * 0.25)}`);
    }
  }
}

/** Every form item must be in exactly one of the scales. */
function checkCoverage(
  form: FormId,
  scales: readonly { key: string; items: number[] }[],
  count: number,
  checks: Checks,
) {
  const owners = new Map<number, string[]>();
  for (const scale of scales) {
    for (const item of scale.items) {
      owners.set(item, [...(owners.get(item) ?? []), scale.key]);
    }
  }
  for (let item = 1; item <= count; item++) {
    const keys = owners.get(item) ?? [];
    if (keys.length !== 1) {
      checks.problems.push(
        `${form}: item ${item} is in ${keys.length === 0 ? 'no scale' : `more than one scale (${keys.join(', ')})`}`,
      );
    }
  }
}

function checkFacetForm(form: 'FULL' | 'SF', json: FacetFormJson, map: readonly number[], checks: Checks): FormFacet[] {
  const { problems, full, fullFacetOf } = checks;
  const keys = json.facets.map((f) => f.key);
  if (keys.join(',') !== FACET_KEYS.join(',')) {
    problems.push(`${form}: facets must be ${FACET_KEYS.join(', ')} in this order`);
  }
  checkCoverage(form, json.facets, json.nItems, checks);
  const facets: FormFacet[] = [];
  for (const facet of json.facets) {
    const where = `${form} facet ${facet.key}`;
    checkScaleItems(where, facet, form, map, checks);
    // "Every form item maps to a distinct full item with the same facet."
    facet.fullItems.forEach((fullItem) => {
      if (fullFacetOf.get(fullItem) !== facet.key) {
        problems.push(`${where}: full item ${fullItem} belongs to facet ${fullFacetOf.get(fullItem) ?? 'none'}`);
      }
    });
    const definition = full.facets.find((f) => f.key === facet.key);
    if (definition !== undefined && facet.primaryFacetOfDomain !== definition.domain) {
      problems.push(
        `${where}: primaryFacetOfDomain ${String(facet.primaryFacetOfDomain)} differs from the full form's`,
      );
    }
    facets.push({
      key: facet.key as FacetKey,
      name: facet.name,
      items: facet.items,
      fullItems: facet.fullItems,
      reverseKeyedItems: facet.reverseKeyedItems,
      maxMissingItemsForScoring: facet.maxMissingItemsForScoring,
      domain: (definition?.domain ?? null) as DomainKey | null,
    });
  }
  const reverse = json.facets.flatMap((f) => f.reverseKeyedItems).sort((a, b) => a - b);
  if ([...json.reverseKeyed].sort((a, b) => a - b).join(',') !== reverse.join(',')) {
    problems.push(`${form}: reverseKeyed must list exactly the facets' reverse-keyed items`);
  }
  // Domains are the full form's: the mean of the same three primary facets (APA Domain Table; hitop for the SF).
  const domains = json.domains.map((d) => `${d.key}=${d.facets.join('+')}`).join(',');
  if (domains !== full.domains.map((d) => `${d.key}=${d.facets.join('+')}`).join(',')) {
    problems.push(`${form}: domains must be the full form's (same keys, order and primary facets)`);
  }
  return facets;
}

function checkIncs(json: FacetFormJson, map: readonly number[], { problems, full }: Checks): IncsDefinition | null {
  const entries = json.validityScales.filter((s) => (s as { key?: unknown }).key === 'INCS');
  if (entries.length !== 1) {
    problems.push(`SF: expected one INCS validity scale, got ${entries.length}`);
    return null;
  }
  const parsed = ZIncs.safeParse(entries[0]);
  if (!parsed.success) {
    problems.push(...parsed.error.issues.map((i) => `SF INCS: ${i.path.map(String).join('.')}: ${i.message}`));
    return null;
  }
  const incs = parsed.data;
  if (incs.itemPairs.length !== INCS_PAIR_COUNT) {
    problems.push(`SF INCS: expected ${INCS_PAIR_COUNT} item pairs, got ${incs.itemPairs.length}`);
  }
  const fullPairs = new Set(full.validity.INC.itemPairs.map(([a, b]) => `${a}-${b}`));
  incs.itemPairs.forEach(([a, b], index) => {
    const mapped = `${map[a - 1] ?? '?'}-${map[b - 1] ?? '?'}`;
    const listed = incs.fullItemPairs[index];
    if (listed === undefined || mapped !== `${listed[0]}-${listed[1]}`) {
      problems.push(`SF INCS: pair ${a}-${b} maps to full items ${mapped}, not the listed full pair`);
    }
    // INC-S is a subset of Keeley's INC pairs (Lowmaster et al. 2020).
    if (!fullPairs.has(mapped)) {
      problems.push(`SF INCS: pair ${a}-${b} (full ${mapped}) is not an INC pair of the full form`);
    }
  });
  if (incs.cutoff.invalidIfAtLeast < 1 || incs.cutoff.invalidIfAtLeast > incs.itemPairs.length * 3) {
    problems.push(`SF INCS: cut-off ${incs.cutoff.invalidIfAtLeast} is outside the score range`);
  }
  return {
    key: 'INCS',
    name: incs.name,
    source: incs.cutoffSource,
    itemPairs: incs.itemPairs,
    fullItemPairs: incs.fullItemPairs,
    invalidIfAtLeast: incs.cutoff.invalidIfAtLeast,
  };
}

function checkBriefForm(
  json: BriefFormJson,
  map: readonly number[],
  checks: Checks,
): Pick<BriefFormDefinition, 'domains' | 'total'> | null {
  const { problems, full, fullFacetOf } = checks;
  if (json.domains.map((d) => d.key).join(',') !== DOMAIN_KEYS.join(',')) {
    problems.push(`BF: domains must be ${DOMAIN_KEYS.join(', ')} in this order`);
  }
  checkCoverage('BF', json.domains, json.nItems, checks);
  const domains: FormItemDomain[] = [];
  for (const domain of json.domains) {
    const where = `BF domain ${domain.key}`;
    checkScaleItems(where, domain, 'BF', map, checks);
    if (domain.items.length !== 5) {
      problems.push(`${where}: needs 5 items (APA PID-5-BF), got ${domain.items.length}`);
    }
    // Each item comes from a primary facet of its domain, or from a facet DSM-5 Section III groups under it that is
    // no domain's primary facet (data notes §2, itemSources).
    for (const source of domain.itemSources) {
      const facetKey = fullFacetOf.get(source.fullItem);
      const facet = full.facets.find((f) => f.key === facetKey);
      if (!domain.items.includes(source.formItem) || map[source.formItem - 1] !== source.fullItem) {
        problems.push(`${where}: item source ${source.formItem} (full ${source.fullItem}) is not one of its items`);
      }
      if (facetKey !== source.fullFormFacet) {
        problems.push(
          `${where}: full item ${source.fullItem} belongs to ${String(facetKey)}, not ${source.fullFormFacet}`,
        );
      } else if (source.relation.startsWith('primary') ? facet?.domain !== domain.key : facet?.domain !== null) {
        problems.push(`${where}: full item ${source.fullItem} (${String(facetKey)}) does not fit "${source.relation}"`);
      }
    }
    if (domain.itemSources.length !== domain.items.length) {
      problems.push(`${where}: every item needs its item source`);
    }
    domains.push({
      key: domain.key as DomainKey,
      name: domain.name,
      items: domain.items,
      fullItems: domain.fullItems,
      reverseKeyedItems: domain.reverseKeyedItems,
      maxMissingItemsForScoring: domain.maxMissingItemsForScoring,
    });
  }
  const total = json.totalScore;
  if (total.items.join(',') !== Array.from({ length: json.nItems }, (_, i) => i + 1).join(',')) {
    problems.push('BF total: must be the mean of all 25 items (Markon et al. 2024, p. 23)');
  }
  if (total.maxMissingItemsForScoring !== Math.floor(json.nItems * 0.25)) {
    problems.push(`BF total: maxMissingItemsForScoring must be ${Math.floor(json.nItems * 0.25)} (25 %, hitop D-021)`);
  }
  if (problems.length > 0) {
    return null;
  }
  return {
    domains,
    total: {
      name: 'Total score',
      items: total.items,
      fullItems: total.items.map((item) => map[item - 1] ?? 0),
      reverseKeyedItems: [],
      maxMissingItemsForScoring: total.maxMissingItemsForScoring,
      source: total.source,
      missingRuleSource: 'no published rule: the 25 % rule at the 25-item level (jmgirard/hitop decision D-021)',
    },
  };
}
