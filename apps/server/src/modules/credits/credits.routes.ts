import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_CREDITS_PAGE_SIZE,
  ZAdminCreditsQuery,
  ZAdminUsers,
  ZCreditLedgerPage,
  ZCredits,
  ZGrantCreditsRequest,
  ZGrantCreditsResponse,
} from '@pid5/contract';
import { requireSession } from '../../http/access';
import { presentAdminUser, presentCreditEntry } from './credits.presenter';
import { availableTests, listCreditLedger, listUsersWithBalances, readTestBalance } from './credits.repo';
import { grantTests } from './credits.service';

/** How many of the caller's own ledger rows `GET /api/credits` returns (newest first). */
const OWN_LEDGER_LIMIT = 100;

export function registerCreditsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.deps;
  const db = database.db;

  r.get(
    '/api/credits',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['credits'],
        summary: "The caller's tests available (purchased minus created) and their ledger",
        response: { 200: ZCredits },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const balance = await readTestBalance(db, session.user.id);
      const ledger = await listCreditLedger(db, { clinicianId: session.user.id, limit: OWN_LEDGER_LIMIT, offset: 0 });
      return {
        available: availableTests(balance),
        purchased: balance.purchased,
        used: balance.used,
        ledger: ledger.rows.map(presentCreditEntry),
        defaultForm: app.deps.config.defaultForm,
      };
    },
  );

  r.post(
    '/api/admin/credits',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Grant tests to a clinician (one ledger row with who and when)',
        body: ZGrantCreditsRequest,
        response: { 201: ZGrantCreditsResponse },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const granted = await grantTests({
        db,
        adminId: session.user.id,
        request: request.body,
        now: clock.now(),
        ip: request.ip,
      });
      return reply.status(201).send({ entry: presentCreditEntry(granted.entry), available: granted.available });
    },
  );

  r.get(
    '/api/admin/credits',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The ledger of purchased and granted tests, newest first (optionally one clinician's)",
        querystring: ZAdminCreditsQuery,
        response: { 200: ZCreditLedgerPage },
      },
    },
    async (request) => {
      const { clinicianId, page } = request.query;
      const { rows, total } = await listCreditLedger(db, {
        clinicianId: clinicianId || undefined,
        limit: ADMIN_CREDITS_PAGE_SIZE,
        offset: (page - 1) * ADMIN_CREDITS_PAGE_SIZE,
      });
      return {
        items: rows.map(presentCreditEntry),
        page,
        pageCount: Math.max(1, Math.ceil(total / ADMIN_CREDITS_PAGE_SIZE)),
        total,
      };
    },
  );

  r.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every user with tests purchased, used and available',
        response: { 200: ZAdminUsers },
      },
    },
    async () => ({ items: (await listUsersWithBalances(db)).map(presentAdminUser) }),
  );
}
