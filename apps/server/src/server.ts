import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import { DEV_ADMIN_CLAIM } from './identity/demo-members';
import type { DevIdentityProvider } from './identity/dev-identity-provider';
import { createOidcLogin, logDiscovery, type InstituteLogin, type OidcLogin } from './identity/institute-login';
import { createWixLogin } from './integrations/wix/wix-login';
import { createWixOrderSync, type WixOrderSync } from './integrations/wix/wix-order-sync';
import type { AppConfig, MailConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { scheduleCounterPruning } from './db/rate-limit-counters';
import { scheduleVacuum } from './db/vacuum-schedule';
import { DEV_PROVIDER_NAME, seedDemoData } from './demo/seed-demo-data';
import { resolveAppSecret } from './lib/app-secret';
import { loadSystemClients } from './identity/system-clients';
import { createSystemTokens } from './identity/system-tokens';
import { createLinkCodes } from './lib/link-codes';
import { systemClock, type Clock } from './lib/clock';
import { createRandomToken } from './lib/tokens';
import { createProviderSessionRenewal } from './identity/provider-session';
import { loadDiagnosisCatalogue } from './modules/diagnoses/diagnosis-catalogue';
import { ensureDefaultDocuments } from './modules/documents/documents.repo';
import { loadItemSets } from './modules/item-sets/load-item-set';
import { scheduleRetention, type RetentionScheduleOptions } from './modules/patients/patient-retention';
import { createRunCounts } from './lib/repeat-in-background';
import { loadNormTables } from './modules/results/load-norm-tables';
import { loadReliability } from './modules/results/load-reliability';
import { createUnknownCodeLimiter, UNKNOWN_CODE_LIMIT } from './modules/respondent/unknown-code-limiter';
import { createPdfPool } from './reports/pdf-pool';
import { addLanguageData } from './i18n/language-files';
import { loadServerCatalogues } from './i18n/translator';
import { checkAppSecret } from './db/app-secret-check';
import { createJobQueue } from './db/job-queue';
import { schemaVersion } from './db/migrate';
import { createMailTransport } from './modules/messages/mail-transport';
import { createMessaging } from './modules/messages/message-workers';
import type { Messaging } from './modules/messages/messaging';
import { createLimitSubjects } from './modules/messages/limit-subjects';
import { createOptOutTokens } from './modules/messages/opt-out-tokens';
import { createSmsTransport } from './modules/messages/sms-transport';
import { startRetestSchedule } from './modules/retests/retests.service';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  devIdentityProvider: DevIdentityProvider | null;
  /** Stops the scheduled work (vacuum, counter pruning, the retention sweep); close() does it too. */
  stopSchedules(): void;
  /** Stops accepting requests, lets the ones in flight finish, then closes the database. */
  close(): Promise<void>;
}

/**
 * The composition root's start: opens the database, migrates, seeds, starts the login provider, builds every shared
 * part (link codes, diagnosis catalogue, PDF pool, unknown-code limiter, provider-session renewal), hands them to the
 * app and listens: everything main.ts needs.
 */
/** Says at start whether e-mail (and text messages) are on, and through which server: the operator's first check. */
function logMessagingState(mail: MailConfig | null, log: FastifyBaseLogger): void {
  if (!mail) {
    log.info(
      'e-mail off (no SMTP_URL or SMTP_HOST): tests can be created, but no invitation, reminder or notice is sent',
    );
    return;
  }
  const server =
    typeof mail.smtp === 'string'
      ? (() => {
          const url = new URL(mail.smtp);
          return `${url.protocol}//${url.host}`;
        })()
      : `${mail.smtp.secure ? 'smtps' : 'smtp'}://${mail.smtp.host}:${mail.smtp.port}`;
  log.info(
    { mailServer: server, mailFrom: mail.from, sms: mail.sms !== null },
    `e-mail on: through ${server} as ${mail.from}, ${mail.concurrency} at a time; text messages ${mail.sms ? 'on' : 'off'}`,
  );
}

export async function startServer(
  config: AppConfig,
  options: {
    clock?: Clock;
    logger?: boolean;
    logStream?: { write(line: string): void };
    database?: Database;
    extend?: BuildAppOptions['extend'];
    /** When the RETENTION_YEARS sweep runs (daily, first a few minutes after start); tests shorten it. */
    retentionSchedule?: RetentionScheduleOptions;
  } = {},
): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  // Every language's words now (LANGUAGES_FOLDER's too, added when the configuration was read), so a broken
  // catalogue or data file of any language fails the start, not a request.
  loadServerCatalogues();
  addLanguageData();
  // Then, before anything opens: a malformed ITEM_SET_FILE(S) or NORM_TABLES_FILE stops the start with every problem named.
  const itemSets = loadItemSets({
    file: config.itemSetFile,
    files: config.itemSetFiles,
    defaultLanguage: config.defaultTestLanguage,
  });
  const normTables = loadNormTables({ file: config.normTablesFile });
  const reliability = loadReliability({ file: config.reliabilityFile });
  const catalogue = loadDiagnosisCatalogue();
  const systemClients = loadSystemClients(config.fhirClients);
  const database = options.database ?? (await openDatabase(config.database));
  // After the database: PGlite's data folder is DATA_DIR, and PGlite refuses to create a database in a folder that is
  // not empty, so the secret file must not be written there first.
  const appSecret = resolveAppSecret(config);
  const linkCodes = createLinkCodes(appSecret);
  let migrationsApplied: string[];
  try {
    migrationsApplied = (await database.migrate()).map((name) => name.replace(/\.sql$/, ''));
    await database.runExclusively(async () => {
      await checkAppSecret(database.db, appSecret);
      await ensureDefaultDocuments(database.db);
      if (config.demoData) {
        await seedDemoData(database.db, { env: config.env, now: clock.now(), linkCodes, catalogue });
      }
    });
  } catch (error) {
    // Nothing this start opened outlives it: a refused start leaves the database closed.
    if (!options.database) {
      await database.close();
    }
    throw error;
  }

  let devIdentityProvider: DevIdentityProvider | null = null;
  let instituteLogin: InstituteLogin | null = null;
  let wixOrders: WixOrderSync | null = null;
  let instituteIssuer: OidcLogin | null = null;
  const redirectUri = `${config.publicUrl}/auth/callback`;
  if (config.login.kind === 'dev') {
    // Loaded only here: oidc-provider is a development tool, never needed with an institute's own login.
    const { startDevIdentityProvider } = await import('./identity/dev-identity-provider');
    const clientSecret = createRandomToken(32);
    devIdentityProvider = await startDevIdentityProvider({
      port: config.login.port,
      clients: [{ clientId: 'pid5-dev', clientSecret, redirectUris: [redirectUri] }],
    });
    instituteLogin = createOidcLogin({
      kind: 'dev',
      providerName: DEV_PROVIDER_NAME,
      issuer: devIdentityProvider.issuer,
      clientId: 'pid5-dev',
      clientSecret,
      scopes: 'openid email profile groups',
      redirectUri,
      adminClaim: DEV_ADMIN_CLAIM.claim,
      adminValue: DEV_ADMIN_CLAIM.value,
      forceLoginPrompt: true,
      timeoutSeconds: config.providerTimeoutSeconds,
    });
  } else if (config.login.kind === 'wix') {
    const now = () => clock.now();
    instituteLogin = createWixLogin({
      clientId: config.login.clientId,
      redirectUri: config.login.redirectUri,
      apiBase: config.login.apiBase,
      loginPageUrl: `${config.publicUrl}/login`,
      timeoutSeconds: config.providerTimeoutSeconds,
      now,
    });
    if (config.login.orders) {
      wixOrders = createWixOrderSync({
        db: database.db,
        settings: {
          ...config.login.orders,
          apiBase: config.login.apiBase,
          timeoutSeconds: config.providerTimeoutSeconds,
        },
        now,
      });
    }
  } else {
    instituteIssuer = createOidcLogin({
      ...config.login,
      kind: 'oidc',
      providerName: config.login.issuer,
      timeoutSeconds: config.providerTimeoutSeconds,
    });
    instituteLogin = instituteIssuer;
  }

  // E-mail only with an SMTP server configured; its log lines go to the app's logger once there is one.
  const messaging: Messaging | null = config.mail
    ? createMessaging({
        db: database.db,
        boss: createJobQueue(database),
        transport: createMailTransport(config.mail),
        sms: config.mail.sms ? createSmsTransport(config.mail.sms) : null,
        config: config.mail,
        clock,
        linkCodes,
        optOutTokens: createOptOutTokens(appSecret),
        limitSubjects: createLimitSubjects(appSecret),
        publicUrl: config.publicUrl,
        instituteName: config.instituteName,
        log: {
          info: (details, message) => app.log.info(details, message),
          warn: (details, message) => app.log.warn(details, message),
        },
      })
    : null;
  const retentionRuns = createRunCounts();
  const app = await buildApp(
    {
      retentionRuns,
      config,
      database,
      clock,
      instituteLogin,
      wixOrders,
      onInstituteSignIn: wixOrders ? (event) => wixOrders.syncAtSignIn(event) : null,
      itemSets,
      normTables,
      reliability,
      linkCodes,
      catalogue,
      pdfPool: createPdfPool({ timeoutMs: config.reportTimeLimitSeconds * 1000 }),
      unknownCodeLimiter: createUnknownCodeLimiter({ db: database.db, ...UNKNOWN_CODE_LIMIT, clock }),
      providerSessions: createProviderSessionRenewal(instituteLogin),
      systemTokens: createSystemTokens({
        clients: systemClients,
        appSecret,
        publicUrl: config.publicUrl,
        audience: config.fhir.canonicalBase,
        db: database.db,
        clock,
      }),
      messaging,
    },
    { logger: options.logger, logStream: options.logStream, extend: options.extend },
  );
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Nothing this start opened outlives it (a caller may try again on another port, as the tests do).
    await app.close();
    await devIdentityProvider?.close();
    if (!options.database) {
      await database.close();
    }
    throw error;
  }
  if (config.env === 'production' && itemSets.usesDemonstrationItems) {
    app.log.warn(
      'no licensed item set (ITEM_SET_FILE or ITEM_SET_FILES): patients are shown the demonstration items, which are ' +
        "not the PID-5's wording, and their results are not valid; the staff pages say so on every page",
    );
  }
  // What an upgrade did, for the operator's record: the migrations this start applied and the schema now in use.
  app.log.info(
    { migrationsApplied, schemaVersion: schemaVersion() },
    migrationsApplied.length > 0
      ? `database migrated to schema ${schemaVersion()}: applied ${migrationsApplied.join(', ')}`
      : `database schema ${schemaVersion()}, no migration needed`,
  );
  if (instituteIssuer) {
    // Once at start, not awaited: the operator learns at once whether the issuer is set up right, and a provider
    // that is down (it may come up later) never holds up the start. /readyz stays about the database.
    void logDiscovery(instituteIssuer, app.log);
  }
  if (messaging) {
    try {
      await messaging.start();
      await startRetestSchedule({
        db: database.db,
        messaging,
        linkCodes,
        catalogue,
        defaultForm: config.defaultForm,
        itemSets,
        now: () => clock.now(),
        log: app.log,
      });
    } catch (error) {
      await app.close();
      await devIdentityProvider?.close();
      if (!options.database) {
        await database.close();
      }
      throw error;
    }
  }
  logMessagingState(config.mail, app.log);
  if (config.env !== 'test') {
    // The first report after a start would otherwise wait for a report thread to load pdfkit and its fonts.
    app.deps.pdfPool.warm();
  }
  const stopVacuum = scheduleVacuum(database, app.log);
  const stopPruning = scheduleCounterPruning(database.db, { now: () => clock.now(), log: app.log });
  const stopRetention = scheduleRetention(database, {
    years: config.retentionYears,
    runs: retentionRuns,
    now: () => clock.now(),
    log: app.log,
    ...options.retentionSchedule,
  });
  const stopSchedules = () => {
    stopVacuum();
    stopPruning();
    stopRetention();
  };
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  return {
    app,
    database,
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    devIdentityProvider,
    stopSchedules,
    close: async () => {
      stopSchedules();
      await app.close();
      await devIdentityProvider?.close();
      await database.close();
    },
  };
}
