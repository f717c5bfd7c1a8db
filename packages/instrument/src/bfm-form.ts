import { z } from 'zod';
import formsJson from './data/pid5-forms.json' with { type: 'json' };
import {
  BFM_DOMAIN_KEYS,
  BFM_FACET_KEYS,
  BFM_TOTAL_KEY,
  type BfmDomainKey,
  type BfmFacetKey,
  isBfmDomainKey,
  isBfmFacetKey,
} from './bfm-keys';
import { pid5Definition } from './definition';
import type { Pid5Definition } from './definition-types';
import { FORMS } from './forms';
import { type FacetKey, type FormId, isFacetKey } from './keys';
import { summariseProblems } from './validate-definition';
import type { FormItemScale, FormMissingRule } from './validate-forms';

// The PID5BF+M (Bach, Kerber et al. 2020) as a fourth form, defined in the forms data like the other three
// (data/pid5-forms.json, `forms.BFM`; sources in data/pid5-forms.NOTES.md, "The PID5BF+M"): 36 items in its own
// order, each one of the 220 full-form items (so an item set of 220 texts serves it, licensed or demonstration), 18
// facets of 2 items, 6 domains each the mean of 3 facets (the five of DSM-5 Section III, and ICD-11 Anankastia), and
// the total of the 30 items of the five DSM-5 domains. Checked in full when this module loads, and against the
// scoring definition: every facet's items belong to the full-form facet it is part of, the five DSM-5 domains have
// the full form's primary facets, the Anankastia facets are parts of Rigid Perfectionism, no item is reverse-keyed.

export const BFM_FORM_ID = 'BFM';

export type BfmFormId = typeof BFM_FORM_ID;

export interface BfmFacet extends FormItemScale {
  readonly key: BfmFacetKey;
  readonly domain: BfmDomainKey;
  /** The full-form facet whose two items it is (Rigid Perfectionism for the three Anankastia facets). */
  readonly fullFormFacet: FacetKey;
}

export interface BfmDomain {
  readonly key: BfmDomainKey;
  readonly name: string;
  /** Its name as an ICD-11 trait domain qualifier; null for Psychoticism, which ICD-11 does not have. */
  readonly icd11Name: string | null;
  /** Its name as a DSM-5 Section III domain; null for Anankastia, which DSM-5 does not have. */
  readonly dsm5Name: string | null;
  readonly facets: readonly [BfmFacetKey, BfmFacetKey, BfmFacetKey];
}

export interface BfmFormDefinition {
  readonly id: BfmFormId;
  readonly name: string;
  readonly itemCount: number;
  readonly keySource: string;
  /** Full-form item number of each form item: fullItems[formItem − 1]. */
  readonly fullItems: readonly number[];
  readonly missingRule: FormMissingRule;
  /** In BFM_FACET_KEYS order (the key sheet's, by domain). */
  readonly facets: readonly BfmFacet[];
  /** In BFM_DOMAIN_KEYS order: each the mean of its three facets. */
  readonly domains: readonly BfmDomain[];
  /** The mean of the 30 items of the five DSM-5 domains. */
  readonly total: FormItemScale & { readonly key: typeof BFM_TOTAL_KEY; readonly source: string };
}

const ZInt = z.int();

const ZBfmForm = z.object({
  name: z.string().min(1),
  nItems: ZInt,
  keySource: z.string().min(1),
  items: z.array(z.object({ formItem: ZInt, fullItem: ZInt })),
  reverseKeyed: z.array(ZInt),
  reverseNote: z.string(),
  facets: z.array(
    z.object({
      key: z.string(),
      name: z.string().min(1),
      nItems: ZInt,
      items: z.array(ZInt),
      fullItems: z.array(ZInt),
      reverseKeyedItems: z.array(ZInt),
      maxMissingItemsForScoring: ZInt,
      domain: z.string(),
      fullFormFacet: z.string(),
    }),
  ),
  domains: z.array(
    z.object({
      key: z.string(),
      name: z.string().min(1),
      icd11Name: z.string().min(1).nullable(),
      dsm5Name: z.string().min(1).nullable(),
      facets: z.array(z.string()),
    }),
  ),
  domainScore: z.string().min(1),
  totalScore: z.object({
    key: z.literal(BFM_TOTAL_KEY),
    items: z.array(ZInt),
    score: z.string().min(1),
    source: z.string().min(1),
    maxMissingItemsForScoring: ZInt,
  }),
  missingRule: z.object({
    rule: z.string().min(1),
    status: z.string().min(1),
    publishedSource: z.string().min(1).nullable(),
  }),
  validityScales: z.array(z.unknown()).max(0),
});

const ZFile = z.looseObject({ forms: z.looseObject({ BFM: ZBfmForm }) });

type BfmJson = z.infer<typeof ZBfmForm>;

/** The PID5BF+M's size (Bach et al. 2020, p. 181: "36 items, which delineate 18 facets (2 items per facet)"). */
const BFM_ITEM_COUNT = 36;

export type BfmFormValidation =
  | { readonly ok: true; readonly form: BfmFormDefinition }
  | { readonly ok: false; readonly problems: readonly string[] };

export class BfmFormError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid PID5BF+M form: ${summariseProblems(problems)}`);
    this.name = 'BfmFormError';
    this.problems = problems;
  }
}

/** Validate the forms file's `forms.BFM` against the (validated) full-form scoring definition; list every problem. */
export function validateBfmForm(raw: unknown, full: Pid5Definition): BfmFormValidation {
  const parsed = ZFile.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`),
    };
  }
  const json = parsed.data.forms.BFM;
  const problems: string[] = [];
  const fullItems = checkItems(json, problems);
  const facets = checkFacets(json, fullItems, full, problems);
  const domains = checkDomains(json, facets, full, problems);
  const totalItems = facets
    .filter((f) => f.domain !== 'Anank')
    .flatMap((f) => f.items)
    .sort((a, b) => a - b);
  if (json.totalScore.items.join(',') !== totalItems.join(',')) {
    problems.push("BFM total: must be the items of the five DSM-5 domains (every facet but Anankastia's), in order");
  }
  if (json.totalScore.maxMissingItemsForScoring !== Math.floor(json.totalScore.items.length * 0.25)) {
    problems.push(
      `BFM total: maxMissingItemsForScoring must be ${Math.floor(json.totalScore.items.length * 0.25)} (25 %)`,
    );
  }
  if (json.reverseKeyed.length > 0) {
    problems.push('BFM: no item is reverse-keyed (key sheet), so reverseKeyed must be empty');
  }
  if (problems.length > 0) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    form: {
      id: BFM_FORM_ID,
      name: json.name,
      itemCount: json.nItems,
      keySource: json.keySource,
      fullItems,
      missingRule: json.missingRule,
      facets,
      domains,
      total: {
        key: BFM_TOTAL_KEY,
        name: 'Total score',
        items: json.totalScore.items,
        fullItems: json.totalScore.items.map((item) => fullItems[item - 1] ?? 0),
        reverseKeyedItems: [],
        maxMissingItemsForScoring: json.totalScore.maxMissingItemsForScoring,
        source: json.totalScore.source,
      },
    },
  };
}

/** Like `validateBfmForm`, but throws a `BfmFormError` naming the problems. */
export function parseBfmForm(raw: unknown, full: Pid5Definition): BfmFormDefinition {
  const result = validateBfmForm(raw, full);
  if (!result.ok) {
    throw new BfmFormError(result.problems);
  }
  return result.form;
}

function checkItems(json: BfmJson, problems: string[]): number[] {
  if (json.nItems !== BFM_ITEM_COUNT || json.items.length !== BFM_ITEM_COUNT) {
    problems.push(`BFM: needs ${BFM_ITEM_COUNT} items, got nItems ${json.nItems} and ${json.items.length} mapped`);
  }
  const seen = new Map<number, number>();
  return json.items.map(({ formItem, fullItem }, index) => {
    if (formItem !== index + 1) {
      problems.push(`BFM: item map entry ${index + 1} is form item ${formItem}; list items 1-${json.nItems} in order`);
    }
    if (fullItem < 1 || fullItem > FORMS.FULL.itemCount) {
      problems.push(`BFM: item ${formItem} maps to full item ${fullItem}, outside 1-220`);
    }
    const other = seen.get(fullItem);
    if (other !== undefined) {
      problems.push(`BFM: items ${other} and ${formItem} both map to full item ${fullItem}`);
    }
    seen.set(fullItem, formItem);
    return fullItem;
  });
}

function checkFacets(
  json: BfmJson,
  fullItems: readonly number[],
  full: Pid5Definition,
  problems: string[],
): BfmFacet[] {
  if (json.facets.map((f) => f.key).join(',') !== BFM_FACET_KEYS.join(',')) {
    problems.push(`BFM: facets must be ${BFM_FACET_KEYS.join(', ')} in this order`);
  }
  const owners = new Map<number, string[]>();
  const facets: BfmFacet[] = [];
  for (const facet of json.facets) {
    const where = `BFM facet ${facet.key}`;
    facet.items.forEach((item) => owners.set(item, [...(owners.get(item) ?? []), facet.key]));
    if (facet.nItems !== 2 || facet.items.length !== 2 || facet.fullItems.length !== 2) {
      problems.push(`${where}: needs 2 items (Bach et al. 2020), got ${facet.items.length}`);
    }
    facet.items.forEach((item, index) => {
      const mapped = fullItems[item - 1];
      if (mapped === undefined) {
        problems.push(`${where}: item ${item} is outside 1-${fullItems.length}`);
      } else if (mapped !== facet.fullItems[index]) {
        problems.push(`${where}: item ${item} maps to full item ${mapped}, but ${facet.fullItems[index]} is listed`);
      }
    });
    const parent = full.facets.find((f) => f.key === facet.fullFormFacet);
    if (parent === undefined) {
      problems.push(`${where}: fullFormFacet ${facet.fullFormFacet} is not a full-form facet`);
    } else {
      for (const fullItem of facet.fullItems) {
        if (!parent.items.includes(fullItem)) {
          problems.push(`${where}: full item ${fullItem} is not an item of ${parent.key} (${parent.name})`);
        }
        if (full.reverseKeyedItems.includes(fullItem)) {
          problems.push(`${where}: full item ${fullItem} is reverse-keyed in the full form; the BF+M has none`);
        }
      }
    }
    // A shared facet keeps its PID-5 key; the Anankastia facets are parts of Rigid Perfectionism.
    const expectedParent = facet.domain === 'Anank' ? 'Rig' : facet.key;
    if (facet.fullFormFacet !== expectedParent) {
      problems.push(`${where}: fullFormFacet must be ${expectedParent}, got ${facet.fullFormFacet}`);
    }
    if (facet.reverseKeyedItems.length > 0) {
      problems.push(`${where}: no item is reverse-keyed`);
    }
    if (facet.maxMissingItemsForScoring !== Math.floor(facet.items.length * 0.25)) {
      problems.push(`${where}: maxMissingItemsForScoring must be ${Math.floor(facet.items.length * 0.25)} (25 %)`);
    }
    if (isBfmFacetKey(facet.key) && isBfmDomainKey(facet.domain) && isFacetKey(facet.fullFormFacet)) {
      facets.push({
        key: facet.key,
        name: facet.name,
        items: facet.items,
        fullItems: facet.fullItems,
        reverseKeyedItems: [],
        maxMissingItemsForScoring: facet.maxMissingItemsForScoring,
        domain: facet.domain,
        fullFormFacet: facet.fullFormFacet,
      });
    }
  }
  for (let item = 1; item <= json.items.length; item++) {
    const keys = owners.get(item) ?? [];
    if (keys.length !== 1) {
      problems.push(
        `BFM: item ${item} is in ${keys.length === 0 ? 'no facet' : `more than one facet (${keys.join(', ')})`}`,
      );
    }
  }
  return facets;
}

function checkDomains(
  json: BfmJson,
  facets: readonly BfmFacet[],
  full: Pid5Definition,
  problems: string[],
): BfmDomain[] {
  if (json.domains.map((d) => d.key).join(',') !== BFM_DOMAIN_KEYS.join(',')) {
    problems.push(`BFM: domains must be ${BFM_DOMAIN_KEYS.join(', ')} in this order`);
  }
  const domains: BfmDomain[] = [];
  for (const domain of json.domains) {
    const where = `BFM domain ${domain.key}`;
    const [a, b, c, ...rest] = domain.facets;
    if (a === undefined || b === undefined || c === undefined || rest.length > 0) {
      problems.push(`${where}: needs 3 facets, got ${domain.facets.length}`);
      continue;
    }
    for (const key of domain.facets) {
      if (facets.find((f) => f.key === key)?.domain !== domain.key) {
        problems.push(`${where}: facet ${key} does not name this domain`);
      }
    }
    // The five DSM-5 domains are the full form's, with the same three primary facets (APA Domain Table).
    const fullDomain = full.domains.find((d) => d.key === domain.key);
    if (domain.key === 'Anank') {
      if (domain.dsm5Name !== null || domain.icd11Name === null) {
        problems.push(`${where}: Anankastia is an ICD-11 domain (icd11Name) and no DSM-5 one (dsm5Name null)`);
      }
    } else if (fullDomain === undefined || fullDomain.facets.join(',') !== domain.facets.join(',')) {
      problems.push(`${where}: must have the full form's primary facets ${fullDomain?.facets.join(', ') ?? ''}`);
    }
    if (isBfmDomainKey(domain.key) && isBfmFacetKey(a) && isBfmFacetKey(b) && isBfmFacetKey(c)) {
      domains.push({
        key: domain.key,
        name: domain.name,
        icd11Name: domain.icd11Name,
        dsm5Name: domain.dsm5Name,
        facets: [a, b, c],
      });
    }
  }
  return domains;
}

/** The PID5BF+M, validated when this module is first imported. */
export const BFM_FORM: BfmFormDefinition = parseBfmForm(formsJson as unknown, pid5Definition);

/** Label, item count and time of the PID5BF+M, as FormInfo gives them for the other forms. */
export const BFM_FORM_INFO = {
  id: BFM_FORM_ID,
  name: BFM_FORM.name,
  label: 'PID5BF+M (36 items)',
  nameInText: 'PID5BF+M (36 items)',
  itemCount: BFM_FORM.itemCount,
  /** The product's estimate, not a published figure. */
  minutes: { min: 5, max: 10 },
  minutesLabel: 'about 5-10 minutes',
  scales: '6 trait domains (Anankastia included) and a total score',
} as const;

/** The full-form item number of a PID5BF+M item (1-based); throws for a number outside the form. */
export function toBfmFullItem(formItem: number): number {
  const fullItem = BFM_FORM.fullItems[formItem - 1];
  if (!Number.isInteger(formItem) || fullItem === undefined) {
    throw new RangeError(`BFM has items 1-${BFM_FORM.itemCount}, got ${formItem}`);
  }
  return fullItem;
}

/** Whether a test of a form has all 36 PID5BF+M items, and which of them it has. */
export interface BfmCoverage {
  readonly form: FormId | BfmFormId;
  /** True for the full form and the PID5BF+M itself. */
  readonly yieldsBfm: boolean;
  /** The PID5BF+M items the form has, by full-form number, in the PID5BF+M's order. */
  readonly itemsPresent: readonly number[];
  /** Those it lacks. */
  readonly itemsMissing: readonly number[];
}

/**
 * Which PID5BF+M items a form has: all 36 in the full form, 22 in the short form, a few in the brief form. A form
 * that lacks any cannot yield the six domains (the short form's 22 are not a scored form; a page should say so).
 */
export function bfmCoverage(form: FormId | BfmFormId): BfmCoverage {
  const formItems = new Set(form === BFM_FORM_ID ? BFM_FORM.fullItems : FORMS[form].fullItems);
  const itemsPresent = BFM_FORM.fullItems.filter((item) => formItems.has(item));
  return {
    form,
    yieldsBfm: itemsPresent.length === BFM_FORM.itemCount,
    itemsPresent,
    itemsMissing: BFM_FORM.fullItems.filter((item) => !formItems.has(item)),
  };
}
