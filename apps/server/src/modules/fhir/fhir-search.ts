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

const ZIdentifierParam = (name: string) =>
  z
    .string({ error: `${name}: give it once, as system|value or value` })
    .min(1, `${name}: the patient identifier, system|value or value`)
    .max(300, `${name}: at most 300 characters`)
    .refine(hasNoControl, `${name}: no control characters`)
    .refine((text) => parseToken(text).value !== '', `${name}: the identifier value is empty`);

/** A plain `patient` / `subject` is a reference to a Patient resource, and this server serves none. */
const ZPatientReferenceParam = (name: string) =>
  z
    .never({
      error:
        `${name}: this server serves no Patient resources, so a reference finds nothing; search by the ` +
        "institute's identifier: patient:identifier=system|value (or subject:identifier)",
    })
    .optional();

/** The patient's search parameters: the identifier as a token on the reference (`:identifier`), once. */
const PATIENT_PARAMS = {
  'patient:identifier': ZIdentifierParam('patient:identifier').optional(),
  'subject:identifier': ZIdentifierParam('subject:identifier').optional(),
  patient: ZPatientReferenceParam('patient'),
  subject: ZPatientReferenceParam('subject'),
};

const ZCountParam = z.coerce
  .number({ error: `_count: a whole number from 1 to ${MAX_SEARCH_COUNT}` })
  .int(`_count: a whole number from 1 to ${MAX_SEARCH_COUNT}`)
  .min(1, `_count: a whole number from 1 to ${MAX_SEARCH_COUNT}`)
  .max(MAX_SEARCH_COUNT, `_count: at most ${MAX_SEARCH_COUNT}`)
  .default(DEFAULT_SEARCH_COUNT);

/**
 * The cursor of a next link: `<test id>.<place>.<signature>`, the signature an HMAC of the position and the search it
 * belongs to (decision 0059: an altered cursor, or one taken from another search, is refused).
 */
const ZCursorParam = z
  .string({ error: '_cursor: give it once, as the next link has it' })
  .regex(/^\d{1,15}\.\d{1,4}\.[A-Za-z0-9_-]{22}$/, '_cursor: not a cursor of this server (use the next link as it is)');

/** Signs what a cursor names; the key is the server's (derived from APP_SECRET), so a client cannot make one. */
export interface CursorSigner {
  mac(text: string): string;
}

function cursorSubject(type: SearchedType, patient: string, code: string | undefined, position: string): string {
  return [type, patient, code ?? '', position].join('\n');
}

/** A next link's cursor for `position` (`<test id>.<place>`) of this search. */
export function signCursor(
  signer: CursorSigner,
  type: SearchedType,
  search: { patient: string; code?: string },
  position: string,
): string {
  return `${position}.${signer.mac(cursorSubject(type, search.patient, search.code, position)).slice(0, 22)}`;
}

function cursorIsOurs(
  signer: CursorSigner,
  type: SearchedType,
  search: { patient: string; code?: string },
  cursor: string,
): boolean {
  const position = cursor.split('.').slice(0, 2).join('.');
  return signCursor(signer, type, search, position) === cursor;
}

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

const ZCodeParam = z
  .string({ error: 'code: give it once; several codes as a comma-separated list' })
  .min(1, 'code: empty')
  .max(1000, 'code: at most 1000 characters')
  .refine(hasNoControl, 'code: no control characters');

/**
 * A search's parameters (anything else is a 400 naming what is supported), as `patient` (the identifier, whichever
 * parameter gave it), `patientParam` (which), `code`, `_count`, `_cursor` (its signature checked).
 */
function searchSchema(type: SearchedType, signer: CursorSigner) {
  const supported = `patient:identifier (or subject:identifier)${type === 'Observation' ? ', code' : ''}, _count, _cursor`;
  return z
    .strictObject(
      {
        ...PATIENT_PARAMS,
        ...(type === 'Observation' ? { code: ZCodeParam.optional() } : {}),
        _count: ZCountParam,
        _cursor: ZCursorParam.optional(),
        _format: ZFormatParam.optional(),
      },
      unknownParameters(supported),
    )
    .transform((query, context) => {
      const given = (['patient:identifier', 'subject:identifier'] as const).filter((name) => query[name] !== undefined);
      if (given.length !== 1) {
        context.addIssue({
          code: 'custom',
          path: ['patient:identifier'],
          message:
            given.length === 0
              ? "patient:identifier is required: the institute's patient identifier, system|value or value"
              : 'give the patient once: patient:identifier or subject:identifier',
        });
        return z.NEVER;
      }
      const patientParam = given[0]!;
      const search = {
        patient: query[patientParam]!,
        code: 'code' in query ? (query.code as string | undefined) : undefined,
      };
      if (query._cursor !== undefined && !cursorIsOurs(signer, type, search, query._cursor)) {
        context.addIssue({
          code: 'custom',
          path: ['_cursor'],
          message: '_cursor: altered, or from another search (use the next link as it is)',
        });
        return z.NEVER;
      }
      return { ...search, patientParam, _count: query._count, _cursor: query._cursor };
    });
}

export const questionnaireResponseSearch = (signer: CursorSigner) => searchSchema('QuestionnaireResponse', signer);
export const observationSearch = (signer: CursorSigner) => searchSchema('Observation', signer);

export type SearchedType = 'Observation' | 'QuestionnaireResponse';

interface Cursor {
  testId: number;
  place: number;
}

function parseCursor(text: string | undefined): Cursor | null {
  if (text === undefined) {
    return null;
  }
  // The position; a signature after it was checked when the parameters were.
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
  /** The next link's cursor for a position (`<test id>.<place>`): signed by the caller. */
  nextCursor?: (position: string) => string;
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
    const position = `${last.testId}.${last.place}`;
    link.push({ relation: 'next', url: options.linkFor(options.nextCursor ? options.nextCursor(position) : position) });
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
