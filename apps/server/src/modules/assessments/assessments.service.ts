import {
  ASSESSMENTS_PAGE_SIZE,
  DAYS_TO_COMPLETE,
  EXTEND_CAP_DAYS,
  EXTEND_WINDOW_DAYS,
  FORM_ITEM_COUNTS,
  type AssessmentForm,
  type AssessmentSort,
  type AssessmentStatusFilter,
  type TCreateAssessmentRequest,
  type TExtendAssessmentResponse,
  type TPatientAccess,
  type ViewMode,
} from '@pid5/contract';
import type { NormTables } from '@pid5/instrument';
import { languageName } from '@pid5/i18n';
import { recordAudit } from '../../audit/audit-log-writer';
import type { ActiveSession } from '../../identity/sessions';
import type { Database, Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import { linkCodeOf, type LinkCodes } from '../../lib/link-codes';
import { countAvailableTests } from '../credits/credits.service';
import type { DiagnosisCatalogue } from '../diagnoses/diagnosis-catalogue';
import { isCurrentDocument } from '../documents/documents.service';
import type { ItemSets } from '../item-sets/load-item-set';
import { extensionLimit, extensionRefusal, type ExtensionRefusal } from './assessment-lifecycle';
import {
  countAssessments,
  extendDueDate,
  findAssessment,
  insertAssessment,
  listAssessmentIdsForPatient,
  listAssessmentsAfter,
  listSubmittedAssessmentsAfter,
  listSubmittedAssessmentsOfPatient,
  findSubmittedAssessment,
  listSubmittedSince,
  countSubmittedSince,
  listUsernames,
  type AssessmentExportRow,
  listAssessmentsPage,
  findAssessmentByRequestKey,
  lockClinician,
  type AssessmentRow,
  type AssessmentScope,
  type AssessmentWithClinician,
} from './assessments.repo';
import type { CsvPrecision } from '../csv-export/export-columns';
import { createAssessmentsCsvStream } from '../csv-export/export-csv';
import type { AuditedServiceContext, ServiceContext } from '../service-context';

// Every read of patient data and every change is audited here, in the service (DESIGN.md "Data model"), never in a route.

const DAY_MS = 24 * 3_600_000;

/**
 * The view a request is served in, from the session only (DESIGN.md "Roles and identity"): admins in admin view see
 * every clinician's tests; everyone else (admins in clinician view included) sees their own.
 */
export function resolveView(session: ActiveSession): { view: ViewMode; scope: AssessmentScope } {
  if (session.user.role === 'admin' && session.viewMode === 'admin') {
    return { view: 'admin', scope: { kind: 'all' } };
  }
  return { view: 'clinician', scope: { kind: 'own', clinicianId: session.user.id } };
}

/**
 * The view for reading one test or patient: as resolveView, and in the clinician view also the patients other
 * clinicians have shared with this one (read only: extending, creating and sharing use resolveView).
 */
export function resolveReadView(session: ActiveSession): { view: ViewMode; scope: AssessmentScope } {
  const resolved = resolveView(session);
  return resolved.scope.kind === 'own'
    ? { view: resolved.view, scope: { kind: 'readable', clinicianId: resolved.scope.clinicianId } }
    : resolved;
}

export function pageCountFor(total: number, pageSize = ASSESSMENTS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface ListAssessmentsOptions {
  db: Db;
  scope: AssessmentScope;
  search: string;
  status: AssessmentStatusFilter;
  now: Date;
  sort: AssessmentSort;
  page: number;
  /** Only tests of this form; null for every form. */
  form: AssessmentForm | null;
}

/** A page this deep or deeper waits for the count, to know whether it is nearer the end (listAssessments). */
const COUNT_FIRST_FROM_OFFSET = 1_000;

/**
 * One dashboard page. A page past the end answers the last page, so a stale link never shows an empty table.
 * The count (for 'Page X of Y') and a near page are read at the same time (two connections on PostgreSQL); only a
 * page past the end needs a second read. A deep page waits for the count and, in the second half, is read from the
 * end (the sort reversed): an offset walks the sort's index entry by entry, and the last page of a million tests
 * would otherwise walk all of them.
 */
export async function listAssessments({ db, scope, search, status, now, sort, page, form }: ListAssessmentsOptions) {
  const filter = { scope, search, status, now, form };
  const readPage = (current: number, total: number | null) =>
    listAssessmentsPage(db, { ...filter, sort, ...pageWindow(current, total) });
  if (pageWindow(page, null).offset >= COUNT_FIRST_FROM_OFFSET) {
    const total = await countAssessments(db, filter);
    const pageCount = pageCountFor(total);
    const current = Math.min(page, pageCount);
    return { rows: await readPage(current, total), total, page: current, pageCount };
  }
  const [total, rows] = await Promise.all([countAssessments(db, filter), readPage(page, null)]);
  const pageCount = pageCountFor(total);
  if (page <= pageCount) {
    return { rows, total, page, pageCount };
  }
  return { rows: await readPage(pageCount, total), total, page: pageCount, pageCount };
}

/**
 * Where a page's rows lie in the sort's order: `offset` rows skipped, then `limit` read, counted from the end when
 * `fromEnd` (a page in the second half, once the total is known). `offset + limit` is how many index entries the page
 * walks.
 */
export function pageWindow(page: number, total: number | null): { offset: number; limit: number; fromEnd: boolean } {
  const offset = (page - 1) * ASSESSMENTS_PAGE_SIZE;
  if (total === null || offset <= total / 2) {
    return { offset, limit: ASSESSMENTS_PAGE_SIZE, fromEnd: false };
  }
  const fromThisPageToTheEnd = total - offset;
  return {
    offset: Math.max(0, fromThisPageToTheEnd - ASSESSMENTS_PAGE_SIZE),
    limit: Math.min(ASSESSMENTS_PAGE_SIZE, fromThisPageToTheEnd),
    fromEnd: true,
  };
}

/** The ids of every test with this patient ID (exact, ignoring case), for the admin's audit log filter. */
export async function findAssessmentIdsForPatient(options: { db: Db; patientId: string }): Promise<number[]> {
  return listAssessmentIdsForPatient(options.db, options.patientId);
}

/** An assessment the scope may see, or 404 (another clinician's test answers exactly like a missing one). */
export async function getAssessment(options: { db: Db; id: number; scope: AssessmentScope }) {
  const found = await findAssessment(options.db, options);
  if (!found) {
    throw notFound('errors.assessmentNotFound');
  }
  return found;
}

/** How the session reads a test: its owner, an admin in the admin view, or a colleague the patient is shared with. */
export type ReadAccess = TPatientAccess;

export interface ReadableAssessment {
  found: AssessmentWithClinician;
  view: ViewMode;
  access: ReadAccess;
}

/**
 * The one rule for reading a patient's data (DESIGN.md "Patients over time"), used by every read route (details,
 * results, both reports, timeline, comparison, long CSV): the owner, an admin in the admin view, or a colleague the
 * patient is shared with; anyone else gets the 404 of a missing test. Changes (extend, share) use resolveView.
 */
export async function findReadableAssessment(
  options: ServiceContext & {
    id: number;
  },
): Promise<ReadableAssessment> {
  const { view, scope } = resolveReadView(options.session);
  const found = await getAssessment({ db: options.db, id: options.id, scope });
  const access: ReadAccess =
    view === 'admin' ? 'admin' : found.assessment.clinicianId === options.session.user.id ? 'owner' : 'shared';
  return { found, view, access };
}

/** The details screen's read of one assessment, in the session's view; audited as `assessment.view`. */
export async function viewAssessment(
  options: AuditedServiceContext & {
    id: number;
  },
): Promise<{ found: AssessmentWithClinician; view: ViewMode; isShared: boolean }> {
  const { found, view, access } = await findReadableAssessment(options);
  const isShared = access === 'shared';
  await recordAudit(options.db, {
    actor: options.session.user.id,
    action: 'assessment.view',
    assessmentId: found.assessment.id,
    ip: options.ip,
    at: options.now,
    details: isShared ? { view, shared: true } : { view },
  });
  return { found, view, isShared };
}

/**
 * The assessments the session may see in its current view, as a CSV stream (export-csv.ts): all of them, or those the
 * dashboard's filters list (search, status as of `now`, form). Audited as `assessment.export` when the export starts,
 * with the filters but not the searched text (part of a patient ID).
 */
export async function exportAssessments(options: {
  database: Database;
  session: ActiveSession;
  now: Date;
  ip: string;
  filters: { search: string; status: AssessmentStatusFilter; form: AssessmentForm | null };
  /** The loaded US tables, for T, percentile and level (the results' own). */
  normTables: NormTables;
  precision: CsvPrecision;
  onError: (error: Error) => void;
}): Promise<NodeJS.ReadableStream> {
  const { database, now, filters } = options;
  const { db } = database;
  const { view, scope } = resolveView(options.session);
  await recordAudit(db, {
    actor: options.session.user.id,
    action: 'assessment.export',
    ip: options.ip,
    at: now,
    details: {
      view,
      precision: options.precision,
      status: filters.status,
      form: filters.form,
      searched: filters.search.trim() !== '',
    },
  });
  const filter = { scope, now, ...filters };
  const clinicianNames = new Map<string, string>();
  return createAssessmentsCsvStream({
    now,
    scores: { normTables: options.normTables, precision: options.precision },
    fetchBatch: async (afterId, limit) => {
      const rows = await listAssessmentsAfter(database, { ...filter, afterId, limit });
      await nameClinicians(db, rows, clinicianNames);
      return rows;
    },
    onError: options.onError,
  });
}

/**
 * The submitted tests an export in the session's current view may read, the dashboard's filters applied, a keyset batch
 * at a time (`fetchBatch(afterId, limit)`), for an export that audits itself (the FHIR module's NDJSON); `view` names
 * the view for its audit row.
 */
export function submittedTestsForExport(
  options: ServiceContext & {
    now: Date;
    filters: { search: string; status: AssessmentStatusFilter; form: AssessmentForm | null };
  },
): { view: ViewMode; fetchBatch: (afterId: number, limit: number) => Promise<AssessmentRow[]> } {
  const { view, scope } = resolveView(options.session);
  const filter = { scope, now: options.now, ...options.filters };
  return {
    view,
    fetchBatch: (afterId, limit) => listSubmittedAssessmentsAfter(options.db, { ...filter, afterId, limit }),
  };
}

/**
 * Every submitted test of the institute's patient `patientId` (exact), for a machine client of the FHIR read API, which
 * reads the institute's results as a whole (its access is its token's scope; the caller audits what it sends).
 */
export function submittedTestsOfPatient(options: { db: Db; patientId: string }): Promise<AssessmentRow[]> {
  return listSubmittedAssessmentsOfPatient(options.db, options.patientId);
}

/** The FHIR Bulk Data export's tests: every clinician's submitted tests, by id, finished at or after `since`. */
export function submittedTestsSince(options: { db: Db; afterId: number; limit: number; since: Date | null }) {
  return listSubmittedSince(options.db, options);
}

export function countSubmittedTestsSince(options: { db: Db; since: Date | null }): Promise<number> {
  return countSubmittedSince(options.db, options.since);
}

/** One submitted test by id, for a machine client's read by id (same access as its searches: the token's scope). */
export function submittedTestById(options: { db: Db; id: number }): Promise<AssessmentRow | null> {
  return findSubmittedAssessment(options.db, options.id);
}

/**
 * Fills each export row's clinician name from `names` (one export's), reading the names of clinicians not met yet in
 * one query: each name is read once per export, since the batch query does not join users (bench/README.md, csv).
 */
async function nameClinicians(db: Db, rows: AssessmentExportRow[], names: Map<string, string>): Promise<void> {
  const unnamed: AssessmentExportRow[] = [];
  for (const row of rows) {
    const name = names.get(row[3]);
    if (name === undefined) {
      unnamed.push(row);
    } else {
      row[2] = name;
    }
  }
  if (unnamed.length === 0) {
    return;
  }
  for (const [id, username] of await listUsernames(db, [...new Set(unnamed.map((row) => row[3]))])) {
    names.set(id, username);
  }
  for (const row of unnamed) {
    row[2] = names.get(row[3]) ?? '';
  }
}

const dateOnly = (date: Date) => date.toISOString().slice(0, 10);

/** The 409 for an extension the lifecycle refuses, in words the clinician can act on. */
function extensionRefused(refusal: ExtensionRefusal, assessment: AssessmentRow): AppError {
  switch (refusal) {
    case 'completed':
      return new AppError('TEST_COMPLETED', 'errors.assessments.completedNoExtend');
    case 'not-yet':
      return new AppError('EXTENSION_NOT_ALLOWED', 'errors.assessments.extendNotYet', {
        values: { days: EXTEND_WINDOW_DAYS, dueDate: dateOnly(assessment.dueAt) },
      });
    case 'limit-reached':
      return new AppError('EXTENSION_NOT_ALLOWED', 'errors.assessments.extendLimit', {
        values: { days: EXTEND_CAP_DAYS, limit: dateOnly(extensionLimit(assessment)) },
      });
  }
}

/**
 * Extends a test (DESIGN.md "Assessment lifecycle", the lifecycle's `extendedDueAt`): when it is expired or due within 7 days, the new
 * due date is the later of the due date and now + 30 days, at most 90 days after the first due date; otherwise 409.
 * The UPDATE is guarded by the same rule in SQL, so two clicks at once cannot pass the limit. Who may is the
 * details' rule (resolveView): the owner clinician, or an admin in admin view; anyone else gets 404.
 * Audited as `assessment.extend` with the old and new due dates.
 */
export async function extendAssessment(
  options: AuditedServiceContext & {
    id: number;
  },
): Promise<TExtendAssessmentResponse> {
  const { db, id, now } = options;
  const { scope } = resolveView(options.session);
  const { assessment } = await getAssessment({ db, id, scope }).catch(async (error: unknown) => {
    // A colleague the patient is shared with can see the test, so "not found" would be untrue: read only (403).
    if (error instanceof AppError && error.code === 'NOT_FOUND' && scope.kind === 'own') {
      const readable = await findAssessment(db, { id, scope: { kind: 'readable', clinicianId: scope.clinicianId } });
      if (readable) {
        throw new AppError('FORBIDDEN', 'errors.assessments.sharedReadOnly');
      }
    }
    throw error;
  });
  const refusal = extensionRefusal(assessment, now);
  if (refusal) {
    throw extensionRefused(refusal, assessment);
  }
  const extended = await extendDueDate(db, { id, now });
  if (!extended) {
    // Changed between the read and the update (submitted, or extended by another click): say why as it is now.
    const { assessment: current } = await getAssessment({ db, id, scope });
    throw extensionRefused(extensionRefusal(current, now) ?? 'limit-reached', current);
  }
  await recordAudit(db, {
    actor: options.session.user.id,
    action: 'assessment.extend',
    assessmentId: id,
    ip: options.ip,
    details: { previousDueAt: assessment.dueAt.toISOString(), dueAt: extended.dueAt.toISOString() },
    at: now,
  });
  return { dueAt: extended.dueAt.toISOString() };
}

export interface CreateAssessmentOptions {
  db: Db;
  catalogue: DiagnosisCatalogue;
  clinicianId: string;
  linkCodes: LinkCodes;
  request: TCreateAssessmentRequest;
  /** The institute's default form (DEFAULT_FORM), for a request that names none. */
  defaultForm: AssessmentForm;
  /** The item sets loaded: a test is given only in one of their languages; the default for a request naming none. */
  itemSets: Pick<ItemSets, 'languages' | 'defaultLanguage'>;
  now: Date;
  ip: string;
}

/**
 * Creates a test and consumes one purchased test in one transaction (DESIGN.md "Data model"). The clinician's
 * user row is locked first, so concurrent creates by one clinician run one after another and
 * N creates with K tests left create exactly K. Every check that can fail runs before the insert,
 * so a failed create never uses a test. One purchased test is one administration of any form (DESIGN.md "Data model").
 * A request that repeats an earlier one's key (a double click, a retry after a lost answer) returns the test that one
 * created and uses nothing; under the clinician's lock, two identical concurrent requests also make one test.
 */
export async function createAssessment({
  db,
  catalogue,
  clinicianId,
  linkCodes,
  request,
  defaultForm,
  itemSets,
  now,
  ip,
}: CreateAssessmentOptions): Promise<{ assessment: AssessmentRow; testCode: string; testsAvailable: number }> {
  const unknown = request.dsmCodes.filter((code) => !catalogue.find(code));
  if (unknown.length > 0) {
    throw new AppError('UNKNOWN_DIAGNOSIS', 'errors.assessments.unknownDiagnosis', {
      values: { codes: unknown.join(', ') },
      fields: { dsmCodes: 'errors.assessments.unknownDiagnosis' },
    });
  }

  const form = request.form ?? defaultForm;
  const language = request.language ?? itemSets.defaultLanguage;
  if (!itemSets.languages.includes(language)) {
    const values = {
      language: languageName(language),
      offered: itemSets.languages.map((l) => languageName(l)).join(', '),
    };
    throw new AppError('VALIDATION_FAILED', 'errors.language.noItemSet', {
      values,
      fields: { language: 'errors.language.noItemSet' },
    });
  }
  return db.transaction(async (tx) => {
    // The terms the clinician was shown: the current version of its language (the reader's, DESIGN.md "Languages").
    const terms = await isCurrentDocument(tx, 'terms', request.termsId);
    if (!terms) {
      throw new AppError('STALE_TERMS', 'errors.assessments.staleTerms');
    }
    if (!(await lockClinician(tx, clinicianId))) {
      throw new AppError('UNAUTHENTICATED', 'errors.sessionEnded');
    }
    if (request.requestKey) {
      const earlier = await findAssessmentByRequestKey(tx, clinicianId, request.requestKey);
      if (earlier) {
        if (earlier.patientId !== request.patientId || earlier.form !== form) {
          throw new AppError('REQUEST_KEY_REUSED', 'errors.assessments.requestKeyReused');
        }
        const testsAvailable = await countAvailableTests(tx, clinicianId);
        return { assessment: earlier, testCode: linkCodeOf(earlier, linkCodes), testsAvailable };
      }
    }
    if ((await countAvailableTests(tx, clinicianId)) <= 0) {
      throw new AppError('NO_TESTS_AVAILABLE', 'errors.assessments.noTestsAvailable');
    }
    // A 128-bit link code derived from a random nonce and the server secret (DESIGN.md "Roles and identity",
    // lib/link-codes.ts); its SHA-256 is what patient lookups match.
    const link = linkCodes.create();
    const testCode = link.code;
    const assessment = await insertAssessment(tx, {
      linkNonce: link.nonce,
      testCodeHash: link.codeHash,
      clinicianId,
      patientId: request.patientId,
      age: request.age,
      gender: request.gender,
      race: request.race,
      postalCode: request.postalCode,
      country: request.country,
      dsmCodes: request.dsmCodes,
      primaryDsm: request.primaryDsm,
      termsId: terms.id,
      createdAt: now,
      dueAt: new Date(now.getTime() + DAYS_TO_COMPLETE * DAY_MS),
      form,
      language,
      responses: '9'.repeat(FORM_ITEM_COUNTS[form]),
      answeredCount: 0,
      requestKey: request.requestKey ?? null,
    });
    await recordAudit(tx, {
      actor: clinicianId,
      action: 'assessment.create',
      assessmentId: assessment.id,
      ip,
      at: now,
      details: { termsId: terms.id, form, language },
    });
    const testsAvailable = await countAvailableTests(tx, clinicianId);
    return { assessment, testCode, testsAvailable };
  });
}

export type { AssessmentRow, AssessmentWithClinician };
