import { z } from 'zod';
import { ANSWER_VALUES, RESPONSES_LENGTH } from './responses';
import { summariseProblems } from './validate-definition';

// Item sets: the 220 item texts shown to the patient, in a JSON file (DESIGN.md "Item texts"). The published PID-5 wording
// is copyrighted and never stored in this repository; an institute supplies its licensed file (the server reads
// it and calls `parseItemSet`), and the package ships an original demonstration set (demo-item-set.ts).
//
// Format:
//   { "id": "demo-en-1", "title": "…", "language": "en", "source": "…", "licenceNote": "…",
//     "answerLabels": ["…", "…", "…", "…"],            (optional; labels for answers 0-3 in the set's language)
//     "items": [{ "number": 1, "text": "…" }, …] }   (exactly 220, numbers 1-220 each once, any order)
// Unknown fields are rejected so that a typo ("licenseNote") is noticed rather than silently ignored.

export const ITEM_TEXT_MAX_LENGTH = 300;

/** 'title is missing' when absent, 'title must be text' when of the wrong type. */
const typeError = (what: string, expected: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? `${what} is missing` : `${what} must be ${expected}`;

const ZCleanText = (what: string, max: number) =>
  z
    .string({ error: typeError(what, 'text') })
    .refine((s) => s.trim() !== '', { error: `${what} is empty`, abort: true })
    .refine((s) => s === s.trim(), { error: `${what} has leading or trailing spaces` })
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: `${what} contains a line break or control character` })
    .refine((s) => s.length <= max, { error: `${what} is longer than ${max} characters` });

export const ZItem = z.strictObject(
  {
    number: z
      .int({ error: typeError('number', 'a whole number') })
      .min(1, { error: `number must be between 1 and ${RESPONSES_LENGTH}` })
      .max(RESPONSES_LENGTH, { error: `number must be between 1 and ${RESPONSES_LENGTH}` }),
    text: ZCleanText('text', ITEM_TEXT_MAX_LENGTH),
  },
  { error: 'must be an object with number and text' },
);

/**
 * Problems of the item list as a whole: exactly 220 entries, every number 1-220 exactly once. Works on the raw
 * list so that it can report alongside the per-item problems (entries without a usable number count as absent).
 */
export function findItemListProblems(items: readonly unknown[]): string[] {
  const problems: string[] = [];
  if (items.length !== RESPONSES_LENGTH) {
    problems.push(`expected ${RESPONSES_LENGTH} items, got ${items.length}`);
  }
  const seen = new Set<number>();
  for (const raw of items) {
    const number = readNumber(raw);
    if (number === null || number < 1 || number > RESPONSES_LENGTH) {
      continue;
    }
    if (seen.has(number)) {
      problems.push(`item ${number}: listed more than once`);
    }
    seen.add(number);
  }
  for (let n = 1; n <= RESPONSES_LENGTH; n++) {
    if (!seen.has(n)) {
      problems.push(`missing item ${n}`);
    }
  }
  return problems;
}

export const ZItemSet = z
  .strictObject(
    {
      id: z
        .string({ error: typeError('id', 'text') })
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'id must be lower-case letters, digits and dashes' })
        .max(64, { error: 'id is longer than 64 characters' }),
      title: ZCleanText('title', 200),
      // BCP 47 language tag, e.g. 'en', 'de', 'en-US', 'pt-BR'.
      language: z
        .string({ error: typeError('language', 'text') })
        .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, { error: 'language must be a language tag such as en or de-DE' }),
      source: ZCleanText('source', 500),
      licenceNote: ZCleanText('licenceNote', 1000),
      answerLabels: z
        .array(ZCleanText('answer label', 80), { error: typeError('answerLabels', 'a list') })
        .length(ANSWER_VALUES.length, { error: `answerLabels must have ${ANSWER_VALUES.length} labels (answers 0-3)` })
        .optional(),
      items: z.array(ZItem, { error: typeError('items', 'a list') }),
    },
    { error: 'an item set must be a JSON object' },
  )
  .superRefine((set, ctx) => {
    for (const message of findItemListProblems(set.items)) {
      ctx.addIssue({ code: 'custom', path: ['items'], message });
    }
  })
  .transform((set) => ({ ...set, items: [...set.items].sort((a, b) => a.number - b.number) }));

export type TItem = z.infer<typeof ZItem>;

export interface ItemSet {
  readonly id: string;
  readonly title: string;
  /** BCP 47 tag. */
  readonly language: string;
  readonly source: string;
  readonly licenceNote: string;
  /** Labels for answers 0-3 when the set provides them (otherwise use ANSWER_LABELS). */
  readonly answerLabels?: readonly string[] | undefined;
  /** Exactly 220, sorted by number 1-220. */
  readonly items: readonly TItem[];
}

export class ItemSetError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid item set: ${summariseProblems(problems)}`);
    this.name = 'ItemSetError';
    this.problems = problems;
  }
}

export type ItemSetValidation =
  { readonly ok: true; readonly itemSet: ItemSet } | { readonly ok: false; readonly problems: readonly string[] };

function readNumber(raw: unknown): number | null {
  if (typeof raw === 'object' && raw !== null && 'number' in raw) {
    const { number } = raw as { number: unknown };
    return typeof number === 'number' && Number.isInteger(number) ? number : null;
  }
  return null;
}

function formatIssue(issue: z.core.$ZodIssue, json: unknown): string {
  const [field, index] = issue.path;
  const message = issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.join(', ')}` : issue.message;
  if (field === 'items' && typeof index === 'number') {
    // Name the item by its number when it has one ('item 17: text is empty'), else by its place in the list.
    const raw = (json as { items: unknown[] }).items[index];
    const number = readNumber(raw);
    return `${number !== null ? `item ${number}` : `items[${index}]`}: ${message}`;
  }
  // Other messages name their field ('title is empty'); entries of answerLabels also get their index.
  return issue.path.length <= 1 ? message : `${issue.path.map(String).join('.')}: ${message}`;
}

function hasItemList(json: unknown): json is { items: unknown[] } {
  return typeof json === 'object' && json !== null && Array.isArray((json as { items?: unknown }).items);
}

/** Validate an item set (parsed JSON) and list every problem. */
export function validateItemSet(json: unknown): ItemSetValidation {
  const parsed = ZItemSet.safeParse(json);
  if (parsed.success) {
    return { ok: true, itemSet: parsed.data };
  }
  const problems = parsed.error.issues.map((issue) => formatIssue(issue, json));
  // zod skips the whole-list check when any entry is broken; run it here so both kinds are reported together.
  if (hasItemList(json) && !problems.some((p) => p.startsWith('missing item') || p.startsWith('expected '))) {
    problems.push(...findItemListProblems(json.items));
  }
  return { ok: false, problems };
}

/** Parse an item set (parsed JSON) or throw an ItemSetError whose message names the first problems. */
export function parseItemSet(json: unknown): ItemSet {
  const result = validateItemSet(json);
  if (!result.ok) {
    throw new ItemSetError(result.problems);
  }
  return result.itemSet;
}

/** The text of item `number` (1-220). */
export function getItemText(itemSet: ItemSet, number: number): string {
  const item = itemSet.items[number - 1];
  if (item?.number !== number) {
    throw new RangeError(`item ${number} is not in item set ${itemSet.id}`);
  }
  return item.text;
}
