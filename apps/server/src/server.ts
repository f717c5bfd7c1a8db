import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import type { DevIdentityProvider } from './identity/dev-identity-provider';
import { logDiscovery, type OidcLogin } from './identity/oidc-login';
import { startInstituteLogin } from './start-institute-login';
import type { AppConfig, MailConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { scheduleCounterPruning } from './db/rate-limit-counters';
import { scheduleVacuum } from './db/vacuum-schedule';
import { seedDemoData } from './demo/seed-demo-data';
import { resolveAppSecret } from './lib/app-secret';
import { loadSystemClients } from './identity/system-clients';
import { createSystemTokens } from './identity/system-tokens';
import { createLinkCodes, type LinkCodes } from './lib/link-codes';
import { systemClock, type Clock } from './lib/clock';
import { createProviderSessionRenewal } from './identity/provider-session';
import { loadDiagnosisCatalogue, type DiagnosisCatalogue } from './modules/diagnoses/diagnosis-catalogue';
import { ensureDefaultDocuments } from './modules/documents/documents.repo';
import { loadItemSets, type ItemSets } from './modules/item-sets/load-item-set';
import { scheduleRetention, type RetentionScheduleOptions } from './modules/patients/patient-retention';
import { createRunCounts, type RunCounts } from './lib/repeat-in-background';
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

/**
 * The composition root's start: opens the database, migrates, seeds, starts the login provider, builds every shared
 * part (link codes, diagnosis catalogue, PDF pool, unknown-code limiter, provider-session renewal), hands them to the
 * app and listens: everything main.ts needs.
 */
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
  const { itemSets, normTables, reliability, catalogue, systemClients } = loadReferenceData(config);
  const database = options.database ?? (await openDatabase(config.database));
  // After the database: PGlite's data folder is DATA_DIR, and PGlite refuses to create a database in a folder that is
  // not empty, so the secret file must not be written there first.
  const appSecret = resolveAppSecret(config);
  const linkCodes = createLinkCodes(appSecret);
  let migrationsApplied: string[];
  try {
    migrationsApplied = await prepareDatabase(database, config, { appSecret, linkCodes, catalogue, now: clock.now() });
  } catch (error) {
    // Nothing this start opened outlives it: a refused start leaves the database closed.
    if (!options.database) {
      await database.close();
    }
    throw error;
  }

  const { devIdentityProvider, instituteLogin, wixOrders, instituteIssuer } = await startInstituteLogin(
    config,
    database.db,
    clock,
  );

  const messaging = messagingFor(config, { database, clock, linkCodes, appSecret, log: () => app.log });
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
      ...sharedParts(config, { database, clock, appSecret, instituteLogin, systemClients }),
      messaging,
    },
    { logger: options.logger, logStream: options.logStream, extend: options.extend },
  );
  // A start that fails from here on closes what it opened (a caller may try again on another port, as the tests do).
  const closeStarted = async () => {
    await app.close();
    await devIdentityProvider?.close();
    if (!options.database) {
      await database.close();
    }
  };
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await closeStarted();
    throw error;
  }
  logStartState(app.log, { config, itemSets, migrationsApplied, instituteIssuer });
  let stopSchedules: () => void;
  try {
    stopSchedules = await startBackgroundWork(app, {
      config,
      database,
      messaging,
      linkCodes,
      catalogue,
      itemSets,
      clock,
      retentionRuns,
      retentionSchedule: options.retentionSchedule,
    });
  } catch (error) {
    await closeStarted();
    throw error;
  }
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

/**
 * The parts the requests share that hold state of their own: the report threads, the limiter of unknown patient
 * codes, the renewal of institute sessions and the machine clients' tokens.
 */
function sharedParts(
  config: AppConfig,
  parts: {
    database: Database;
    clock: Clock;
    appSecret: string;
    instituteLogin: Parameters<typeof createProviderSessionRenewal>[0];
    systemClients: ReturnType<typeof loadSystemClients>;
  },
) {
  const { database, clock } = parts;
  return {
    pdfPool: createPdfPool({ timeoutMs: config.reportTimeLimitSeconds * 1000 }),
    unknownCodeLimiter: createUnknownCodeLimiter({ db: database.db, ...UNKNOWN_CODE_LIMIT, clock }),
    providerSessions: createProviderSessionRenewal(parts.instituteLogin),
    systemTokens: createSystemTokens({
      clients: parts.systemClients,
      appSecret: parts.appSecret,
      publicUrl: config.publicUrl,
      audience: config.fhir.canonicalBase,
      db: database.db,
      clock,
    }),
  };
}

/**
 * The e-mail and text message sender, with an SMTP server configured (null otherwise). Its log lines go to `log()`,
 * the app's logger, which exists only once the app is built with the sender in it.
 */
function messagingFor(
  config: AppConfig,
  parts: { database: Database; clock: Clock; linkCodes: LinkCodes; appSecret: string; log: () => FastifyBaseLogger },
): Messaging | null {
  if (!config.mail) {
    return null;
  }
  return createMessaging({
    db: parts.database.db,
    boss: createJobQueue(parts.database),
    transport: createMailTransport(config.mail),
    sms: config.mail.sms ? createSmsTransport(config.mail.sms) : null,
    config: config.mail,
    clock: parts.clock,
    linkCodes: parts.linkCodes,
    optOutTokens: createOptOutTokens(parts.appSecret),
    limitSubjects: createLimitSubjects(parts.appSecret),
    publicUrl: config.publicUrl,
    instituteName: config.instituteName,
    log: {
      info: (details, message) => parts.log().info(details, message),
      warn: (details, message) => parts.log().warn(details, message),
    },
  });
}

/**
 * The operator's record of a start, once the server listens: a production server on the demonstration items, the
 * migrations this start applied and the schema in use, and whether the institute's issuer answers.
 */
function logStartState(
  log: FastifyBaseLogger,
  start: { config: AppConfig; itemSets: ItemSets; migrationsApplied: string[]; instituteIssuer: OidcLogin | null },
): void {
  if (start.config.env === 'production' && start.itemSets.usesDemonstrationItems) {
    log.warn(
      'no licensed item set (ITEM_SET_FILE or ITEM_SET_FILES): patients are shown the demonstration items, which are ' +
        "not the PID-5's wording, and their results are not valid; the staff pages say so on every page",
    );
  }
  const { migrationsApplied } = start;
  // Read once: it lists the migration files.
  const schema = schemaVersion();
  log.info(
    { migrationsApplied, schemaVersion: schema },
    migrationsApplied.length > 0
      ? `database migrated to schema ${schema}: applied ${migrationsApplied.join(', ')}`
      : `database schema ${schema}, no migration needed`,
  );
  if (start.instituteIssuer) {
    // Not awaited: the operator learns at once whether the issuer is set up right, and a provider that is down (it
    // may come up later) never holds up the start. /readyz stays about the database.
    void logDiscovery(start.instituteIssuer, log);
  }
}

/** Migrates, checks APP_SECRET against the database, publishes the default documents and seeds the demo data. */
async function prepareDatabase(
  database: Database,
  config: AppConfig,
  context: { appSecret: string; linkCodes: LinkCodes; catalogue: DiagnosisCatalogue; now: Date },
): Promise<string[]> {
  const migrationsApplied = (await database.migrate()).map((name) => name.replace(/\.sql$/, ''));
  await database.runExclusively(async () => {
    await checkAppSecret(database.db, context.appSecret);
    await ensureDefaultDocuments(database.db);
    if (config.demoData) {
      await seedDemoData(database.db, {
        env: config.env,
        now: context.now,
        linkCodes: context.linkCodes,
        catalogue: context.catalogue,
      });
    }
  });
  return migrationsApplied;
}

/**
 * What runs beside the requests: the message queue's workers and the re-test schedule (with e-mail on), the warm
 * report thread, and the scheduled vacuum, counter pruning and retention sweep. Returns what stops the schedules.
 */
async function startBackgroundWork(
  app: FastifyInstance,
  work: {
    config: AppConfig;
    database: Database;
    messaging: Messaging | null;
    linkCodes: LinkCodes;
    catalogue: DiagnosisCatalogue;
    itemSets: ItemSets;
    clock: Clock;
    retentionRuns: RunCounts;
    retentionSchedule: RetentionScheduleOptions | undefined;
  },
): Promise<() => void> {
  const { config, database, messaging, clock } = work;
  if (messaging) {
    await messaging.start();
    await startRetestSchedule({
      db: database.db,
      messaging,
      linkCodes: work.linkCodes,
      catalogue: work.catalogue,
      defaultForm: config.defaultForm,
      itemSets: work.itemSets,
      now: () => clock.now(),
      log: app.log,
    });
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
    runs: work.retentionRuns,
    now: () => clock.now(),
    log: app.log,
    ...work.retentionSchedule,
  });
  return () => {
    stopVacuum();
    stopPruning();
    stopRetention();
  };
}

/**
 * Every file the server reads at start, before anything opens: each language's words (LANGUAGES_FOLDER's too), the
 * item sets, norm tables, reliabilities, the diagnosis catalogue and the machine clients. A broken or malformed file
 * stops the start with every problem named, not a request later.
 */
function loadReferenceData(config: AppConfig) {
  loadServerCatalogues();
  addLanguageData();
  return {
    itemSets: loadItemSets({
      file: config.itemSetFile,
      files: config.itemSetFiles,
      defaultLanguage: config.defaultTestLanguage,
    }),
    normTables: loadNormTables({ file: config.normTablesFile }),
    reliability: loadReliability({ file: config.reliabilityFile }),
    catalogue: loadDiagnosisCatalogue(),
    systemClients: loadSystemClients(config.fhirClients),
  };
}
