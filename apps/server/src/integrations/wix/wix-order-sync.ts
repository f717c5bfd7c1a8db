import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TWixSyncResult } from '@pid5/contract';
import { recordAudit } from '../../audit/audit-log-writer';
import type { SignInEvent } from '../../identity/institute-login';
import { isUnreachableError } from '../../identity/login-errors';
import type { Db } from '../../db/database';
import { identities, testCredits, users } from '../../db/schema';
import { AppError } from '../../errors';
import { ledgerLinesForOrders, type LedgerLine } from './order-ledger';
import { WixHttpError } from './wix-api';
import { WIX_PROVIDER_NAME } from './wix-login';
import { searchTestOrders, type WixOrdersSettings } from './wix-orders';

export interface WixSyncOutcome {
  clinicianId: string;
  ordersSeen: number;
  /** New grant rows written by this run (0 when everything was already in the ledger). */
  granted: number;
  /** New refund rows written by this run. */
  refunded: number;
  /** Partially refunded orders (numbers or ids) whose grants were kept; see order-ledger.ts. */
  partiallyRefunded: string[];
}

export interface WixClinician {
  clinicianId: string;
  username: string;
  contactId: string;
}

/** How long sign-in waits for the order sync before going on (the sync then finishes in the background). */
const SIGN_IN_WAIT_MS = 3_000;

type OrderSyncDeps = { db: Db; settings: WixOrdersSettings; now: () => Date };
type SyncClinician = (clinician: { clinicianId: string; contactId: string }) => Promise<WixSyncOutcome>;

/**
 * Purchased tests from the Wix site's orders into the credits ledger: at sign-in (never blocking
 * it) and when an admin presses 'Sync orders'. Idempotent; see order-ledger.ts for the rules.
 */
export function createWixOrderSync(deps: OrderSyncDeps) {
  const syncClinician: SyncClinician = (clinician) => syncClinicianOrders(deps, clinician);
  return {
    syncClinician,
    syncAtSignIn: (event: SignInEvent) => syncAtSignIn(deps.db, syncClinician, event),

    /**
     * The admin's 'Sync orders': one clinician, or every Wix-linked one, one after another (a site's order API is
     * rate-limited, and the admin waits for the summary). One audit row for the run.
     */
    async syncForAdmin(input: {
      adminId: string;
      clinicianId?: string;
      ip: string;
      log: FastifyBaseLogger;
    }): Promise<TWixSyncResult[]> {
      const { clinicianId } = input;
      const clinicians = await listWixClinicians(deps.db, { clinicianId });
      if (clinicianId !== undefined && clinicians.length === 0) {
        throw new AppError('VALIDATION_FAILED', 'errors.wix.notSignedIn', {
          fields: { clinicianId: 'errors.wix.noMember' },
        });
      }
      const results = await syncOneAfterAnother(clinicians, syncClinician, input.log);
      await recordAudit(deps.db, {
        actor: input.adminId,
        action: 'credits.sync',
        ip: input.ip,
        details: {
          source: 'wix',
          trigger: 'admin',
          clinicianId: clinicianId ?? null,
          results: results.map((result) => ({
            clinicianId: result.clinicianId,
            ok: result.ok,
            ordersSeen: result.ordersSeen,
            granted: result.granted,
            refunded: result.refunded,
            partiallyRefunded: result.partiallyRefunded,
          })),
        },
      });
      return results;
    },
  };
}

/** One clinician's orders read from Wix and written into the ledger (only lines it does not hold yet). */
async function syncClinicianOrders(
  { db, settings, now }: OrderSyncDeps,
  clinician: { clinicianId: string; contactId: string },
): Promise<WixSyncOutcome> {
  const orders = await searchTestOrders(settings, { contactId: clinician.contactId });
  const lines = ledgerLinesForOrders(orders, {
    testProductId: settings.testProductId,
    contactId: clinician.contactId,
  });
  const written = await writeLedgerLines(db, { clinicianId: clinician.clinicianId, lines, now: now() });
  return {
    clinicianId: clinician.clinicianId,
    ordersSeen: orders.length,
    ...written,
    partiallyRefunded: [...new Set(lines.filter((l) => l.isPartiallyRefunded).map((l) => l.orderNumber ?? l.orderId))],
  };
}

/**
 * At a Wix member's sign-in, after the session exists (a SignInListener, wired by the composition root): waits a
 * moment so the dashboard shows the new tests, then lets the sync finish in the background. A failure is logged
 * and audited, never thrown. Sign-ins through other providers are not Wix members: nothing to do.
 */
async function syncAtSignIn(db: Db, syncClinician: SyncClinician, event: SignInEvent): Promise<void> {
  if (event.profile.provider !== WIX_PROVIDER_NAME) {
    return;
  }
  // The Wix identity is the member's contactId (DESIGN.md decision log).
  const input = { clinicianId: event.userId, contactId: event.profile.subject, ip: event.ip, log: event.log };
  const run = syncClinician(input).then(
    async (outcome) => {
      if (outcome.granted > 0 || outcome.refunded > 0 || outcome.partiallyRefunded.length > 0) {
        await recordAudit(db, {
          actor: input.clinicianId,
          action: 'credits.sync',
          ip: input.ip,
          details: { source: 'wix', trigger: 'sign-in', ...outcome },
        });
      }
    },
    async (error: unknown) => {
      input.log.warn({ err: error, clinicianId: input.clinicianId }, 'Wix order sync at sign-in failed');
      await recordAudit(db, {
        actor: input.clinicianId,
        action: 'credits.sync',
        ip: input.ip,
        details: { source: 'wix', trigger: 'sign-in', clinicianId: input.clinicianId, error: errorText(error) },
      });
    },
  );
  const settled = run.catch((error: unknown) => {
    input.log.warn({ err: error }, 'could not record the Wix order sync');
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([settled, new Promise<void>((resolve) => (timer = setTimeout(resolve, SIGN_IN_WAIT_MS)))]);
  clearTimeout(timer);
}

/**
 * Each clinician synced in turn. Once Wix is unreachable or failing, the rest are reported as not synced instead of
 * each waiting for its own timeout.
 */
async function syncOneAfterAnother(
  clinicians: WixClinician[],
  syncClinician: SyncClinician,
  log: FastifyBaseLogger,
): Promise<TWixSyncResult[]> {
  const results: TWixSyncResult[] = [];
  let outage: string | null = null;
  for (const clinician of clinicians) {
    if (!outage) {
      try {
        const outcome = await syncClinician(clinician);
        results.push({ ...outcome, username: clinician.username, ok: true, error: null });
        continue;
      } catch (error) {
        log.warn({ err: error, clinicianId: clinician.clinicianId }, 'Wix order sync failed');
        if (isUnreachableError(error) || (error instanceof WixHttpError && error.status >= 500)) {
          outage = 'The Wix site did not answer. Please try again in a minute.';
        }
        results.push(notSynced(clinician, outage ?? `Wix refused the order search (${errorText(error)}).`));
        continue;
      }
    }
    results.push(notSynced(clinician, outage));
  }
  return results;
}

/** Clinicians who have signed in with Wix (their contactId is known), by name; disabled ones left out. */
async function listWixClinicians(db: Db, filter: { clinicianId?: string }): Promise<WixClinician[]> {
  const conditions = [eq(identities.provider, WIX_PROVIDER_NAME), isNull(users.disabledAt)];
  if (filter.clinicianId !== undefined) {
    conditions.push(eq(users.id, filter.clinicianId));
  }
  return db
    .select({ clinicianId: users.id, username: users.username, contactId: identities.subject })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(...conditions))
    .orderBy(asc(users.username), asc(users.id));
}

function notSynced(clinician: WixClinician, error: string): TWixSyncResult {
  return {
    clinicianId: clinician.clinicianId,
    username: clinician.username,
    ok: false,
    ordersSeen: 0,
    granted: 0,
    refunded: 0,
    partiallyRefunded: [],
    error,
  };
}

export type WixOrderSync = ReturnType<typeof createWixOrderSync>;

/** Grants, then reversals of grants that exist; both idempotent on (source, external_ref). */
async function writeLedgerLines(
  db: Db,
  options: { clinicianId: string; lines: LedgerLine[]; now: Date },
): Promise<{ granted: number; refunded: number }> {
  if (options.lines.length === 0) {
    return { granted: 0, refunded: 0 };
  }
  return db.transaction(async (tx) => {
    let granted = 0;
    let refunded = 0;
    for (const line of options.lines) {
      const orderLabel = `Wix order ${line.orderNumber ? `#${line.orderNumber}` : line.orderId}`;
      if (line.shouldGrant) {
        const inserted = await tx
          .insert(testCredits)
          .values({
            clinicianId: options.clinicianId,
            source: 'wix',
            externalRef: line.grantRef,
            quantity: line.quantity,
            note: orderLabel,
            createdAt: options.now,
            createdBy: null,
          })
          .onConflictDoNothing()
          .returning({ id: testCredits.id });
        granted += inserted.length;
      }
      if (line.shouldReverse) {
        const [grant] = await tx
          .select()
          .from(testCredits)
          .where(and(eq(testCredits.source, 'wix'), eq(testCredits.externalRef, line.grantRef)))
          .limit(1);
        if (grant) {
          const inserted = await tx
            .insert(testCredits)
            .values({
              clinicianId: grant.clinicianId,
              source: 'wix',
              externalRef: line.refundRef,
              quantity: -grant.quantity,
              note: `Refund of ${orderLabel}`,
              createdAt: options.now,
              createdBy: null,
            })
            .onConflictDoNothing()
            .returning({ id: testCredits.id });
          refunded += inserted.length;
        }
      }
    }
    return { granted, refunded };
  });
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
