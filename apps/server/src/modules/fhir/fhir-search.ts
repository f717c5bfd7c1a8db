import { z } from 'zod';
import type { Bundle, BundleEntry, ExportedResource } from './fhir-types';

// FHIR search over a patient's submitted tests (DESIGN.md "FHIR"; decision 0059): the search parameters as
// zod schemas (anything else is a 400), matching by resource type and code, and paging by a cursor that names the
// last resource sent (its test and its place in that test's resources), so a page never repeats or skips one when
// other tests are submitted meanwhile.

export const DEFAULT_SEARCH_COUNT = 50;
export const MAX_SEARCH_COUNT = 200;

/** A token `system|value`, `|value` (no system) or `value` (any system), as FHIR search writes it. */
export interface TokenParam {
  /** undefined: any system; null: no system (`|value`). */
  system: string | null | undefined;
  value: string;
}

export function parseToken(text: string): TokenParam {
  const bar = text.indexOf('|');
  if (bar < 0) {
    return { system: undefined, value: text };
  }
  return { system: bar === 0 ? null : text.slice(0, bar), value: text.slice(bar + 1) };
}

// Control characters (a search value is a printable identifier or code): checked by char code, not a regex range.
const hasNoControl = (text: string) => ![...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

const ZPatientParam = z
  .string({ error: 'patient: give it once, as system|value or value' })
  .min(1, 'patient is required: the patient identifier, system|value or value')
  .max(300, 'patient: at most 300 characters')
  .refine(hasNoControl, 'patient: no control characters')
  .refine((text) => parseToken(text).value !== '', 'patient: the identifier value is empty');

const ZCountParam = z.coerce
  .number({ error: `_count: a whole number from 1 to ${MAX_SEARCH_COUNT}` })
  .int(`_count: a whole number from 1 to ${MAX_SEARCH_COUNT}`)
  .min(1, `_count: a whole number from 1 to ${MAX_SEARCH_COUNT}`)
  .max(MAX_SEARCH_COUNT, `_count: at most ${MAX_SEARCH_COUNT}`)
  .default(DEFAULT_SEARCH_COUNT);

/** The cursor of a next link: `<test id>.<place>`; written only by this server, refused when altered. */
const ZCursorParam = z
  .string({ error: '_cursor: give it once, as the next link has it' })
  .regex(/^\d{1,15}\.\d{1,4}$/, '_cursor: not a cursor of this server (use the next link as it is)');

const ZFormatParam = z.enum(['json', 'application/json', 'application/fhir+json'], {
  error: '_format: this server answers JSON only (json, application/fhir+json)',
});

function unknownParameters(supported: string) {
  return {
    error: (issue: { code?: string; keys?: string[] }) =>
      issue.code === 'unrecognized_keys'
        ? `unknown search parameter ${(issue.keys ?? []).join(', ')}: this search supports ${supported}`
        : undefined,
  };
}

export const ZQuestionnaireResponseSearch = z.strictObject(
  { patient: ZPatientParam, _count: ZCountParam, _cursor: ZCursorParam.optional(), _format: ZFormatParam.optional() },
  unknownParameters('patient, _count, _cursor'),
);

export const ZObservationSearch = z.strictObject(
  {
    patient: ZPatientParam,
    code: z
      .string({ error: 'code: give it once; several codes as a comma-separated list' })
      .min(1, 'code: empty')
      .max(1000, 'code: at most 1000 characters')
      .refine(hasNoControl, 'code: no control characters')
      .optional(),
    _count: ZCountParam,
    _cursor: ZCursorParam.optional(),
    _format: ZFormatParam.optional(),
  },
  unknownParameters('patient, code, _count, _cursor'),
);

export type SearchedType = 'Observation' | 'QuestionnaireResponse';

interface Cursor {
  testId: number;
  place: number;
}

function parseCursor(text: string | undefined): Cursor | null {
  if (text === undefined) {
    return null;
  }
  const [testId, place] = text.split('.').map(Number);
  return { testId: testId!, place: place! };
}

function codeMatches(resource: ExportedResource, codes: readonly TokenParam[] | null): boolean {
  if (codes === null) {
    return true;
  }
  const codings = resource.resourceType === 'Observation' ? (resource.code.coding ?? []) : [];
  return codes.some((token) =>
    codings.some(
      (coding) =>
        coding.code === token.value &&
        (token.system === undefined ||
          (token.system === null ? coding.system === undefined : coding.system === token.system)),
    ),
  );
}

/**
 * One page of a search as a searchset Bundle: of each test's resources (in test id order, each test's in its Bundle's
 * order) those of `type` whose code matches, after the cursor, at most `count`; `total` counts every match.
 * `linkFor(cursor)` writes the page's own address (the cursor it was asked with) and the next one's.
 */
export function searchPage(options: {
  tests: readonly { id: number; entries: readonly BundleEntry[] }[];
  type: SearchedType;
  codes: readonly TokenParam[] | null;
  count: number;
  cursor: string | undefined;
  linkFor: (cursor: string | undefined) => string;
  now: Date;
}): { bundle: Bundle; testIds: number[] } {
  const after = parseCursor(options.cursor);
  const matches: { testId: number; place: number; entry: BundleEntry }[] = [];
  for (const test of [...options.tests].sort((a, b) => a.id - b.id)) {
    test.entries.forEach((entry, place) => {
      if (entry.resource.resourceType === options.type && codeMatches(entry.resource, options.codes)) {
        matches.push({ testId: test.id, place, entry });
      }
    });
  }
  const remaining = after
    ? matches.filter((m) => m.testId > after.testId || (m.testId === after.testId && m.place > after.place))
    : matches;
  const page = remaining.slice(0, options.count);
  const last = page.at(-1);
  const link = [{ relation: 'self', url: options.linkFor(options.cursor) }];
  if (last && remaining.length > page.length) {
    link.push({ relation: 'next', url: options.linkFor(`${last.testId}.${last.place}`) });
  }
  return {
    bundle: {
      resourceType: 'Bundle',
      type: 'searchset',
      timestamp: options.now.toISOString(),
      total: matches.length,
      link,
      entry: page.map((m) => ({ fullUrl: m.entry.fullUrl, resource: m.entry.resource, search: { mode: 'match' } })),
    },
    testIds: [...new Set(page.map((m) => m.testId))],
  };
}
