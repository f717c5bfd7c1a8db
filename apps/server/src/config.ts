import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { isCountryCode } from '@pid5/contract';
import { addLanguageFolder, LANGUAGES, isLanguage, type Language } from '@pid5/i18n';

/** Whether the runtime knows this IANA time zone. */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The one place that reads process.env. Every variable is parsed here, once;
 * on any problem the process exits listing all of them, so an operator fixes them in one go.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const commaList = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean),
);

/**
 * ITEM_SET_FILES: `en:/path/a.json,de:/path/b.json`, one licensed item set per language (DESIGN.md "Languages");
 * each entry names its language before the first colon, each language at most once.
 */
const itemSetFileList = z.string().transform((value, context) => {
  const entries: { language: Language; file: string }[] = [];
  for (const entry of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    const language = colon > 0 ? entry.slice(0, colon).trim().toLowerCase() : '';
    const file = colon > 0 ? entry.slice(colon + 1).trim() : '';
    if (!language || !file) {
      context.addIssue({
        code: 'custom',
        message: `"${entry}" is not language:path (e.g. en:/etc/pid5/items-en.json,de:/etc/pid5/items-de.json)`,
      });
    } else if (!isLanguage(language)) {
      context.addIssue({
        code: 'custom',
        message: `"${language}" in "${entry}" is not a language of the product (${LANGUAGES.join(', ')})`,
      });
    } else if (entries.some((e) => e.language === language)) {
      context.addIssue({ code: 'custom', message: `${language} is named more than once (one item set per language)` });
    } else {
      entries.push({ language, file });
    }
  }
  return entries;
});
// '3,7' → [3, 7]; '' or 'none' → no reminders of that kind.
const dayList = z
  .string()
  .regex(/^(none|\s*\d{1,3}\s*(,\s*\d{1,3}\s*)*)$/, 'whole numbers of days separated by commas, e.g. 3,7 (or none)')
  .transform((v) => (v === 'none' ? [] : v.split(',').map((d) => Number(d.trim()))));

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Console output: `pretty` (readable lines, no per-request lines) or `json` (one JSON object a line, for
  // log collectors); pretty in development, JSON otherwise.
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  // How many reverse proxies stand in front of the server. `true` is one: the client address is the last
  // X-Forwarded-For entry, the one our proxy appended. Trusting every hop would take the first entry, which the
  // client writes itself, so anyone could dodge the per-address rate limits and forge the audit log's addresses.
  TRUST_PROXY: z
    .enum(['true', 'false', 'yes', 'no', '0', '1', '2', '3', '4', '5'], {
      error: 'true, false, or the number of proxies in front of the server (1-5)',
    })
    .transform((v): false | number =>
      v === 'true' || v === 'yes' ? 1 : v === 'false' || v === 'no' ? false : Number(v) || false,
    )
    .default(false),

  // Slow clients: the whole request (headers and body) must arrive within REQUEST_TIMEOUT_SECONDS
  // and its headers within HEADERS_TIMEOUT_SECONDS, else 408 and the connection is closed; an idle keep-alive
  // connection is closed after KEEP_ALIVE_TIMEOUT_SECONDS (longer than a proxy's usual 60 s, so the proxy closes
  // first). Without a proxy, one address holds at most MAX_CONNECTIONS_PER_ADDRESS connections (0: no bound).
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(20),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(72),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(256),

  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  // At least 2: start-up holds one connection for its lock (several processes may start at once) while it works on
  // another; with one, start-up waited for itself and failed after the pool's 5 s connect timeout.
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(2, 'must be at least 2 (start-up holds one connection for its lock while it uses another)')
    .max(200)
    .default(10),
  // PostgreSQL: a statement running longer is cancelled, a connection silent for longer is given up.
  DATABASE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),

  DEMO_DATA: booleanFlag.optional(),
  ENABLE_LOCAL_ACCOUNTS: booleanFlag.optional(),
  ADMIN_EMAILS: commaList.default([]),

  DEV_OIDC_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SCOPES: z.string().min(1).default('openid email profile'),
  OIDC_REDIRECT_URI: z.url().optional(),
  OIDC_ADMIN_CLAIM: z.string().min(1).optional(),
  OIDC_ADMIN_VALUE: z.string().min(1).optional(),

  WIX_CLIENT_ID: z.string().min(1).optional(),
  WIX_REDIRECT_URI: z.url().optional(),
  WIX_API_BASE: z.url().default('https://www.wixapis.com'),
  WIX_API_KEY: z.string().min(1).optional(),
  WIX_SITE_ID: z.string().min(1).optional(),
  WIX_TEST_PRODUCT_ID: z.string().min(1).optional(),
  /** Seconds for every call to the institute's provider (OIDC issuer, Wix APIs); a hang becomes a clear error. */
  PROVIDER_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
  /** Seconds one PDF report may take to draw before it is given up (500); a stuck drawing frees its worker. */
  REPORT_TIME_LIMIT_SECONDS: z.coerce.number().positive().max(3600).default(30),

  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24)
    .default(12),

  APP_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)').optional(),
  ITEM_SET_FILE: z.string().min(1).optional(),
  ITEM_SET_FILES: itemSetFileList.optional(),
  // The language Create Test starts at (DESIGN.md "Languages"); it must have an item set loaded. Unset: English, or
  // the first language loaded when there is no English set (an ITEM_SET_FILE in German, say).
  DEFAULT_TEST_LANGUAGE: z
    .string()
    .refine(isLanguage, { error: () => `one of ${LANGUAGES.join(', ')}` })
    .optional(),
  // A folder of further languages, one sub-folder each (packages/i18n/README.md "Adding a language"); read before
  // the rest of the configuration, so the languages it adds can be named in it.
  LANGUAGES_FOLDER: z.string().min(1).optional(),
  // Whether a patient may switch the test's language (to another language with an item set) before submitting.
  PATIENT_LANGUAGE_SWITCH: booleanFlag.default(true),
  NORM_TABLES_FILE: z.string().min(1).optional(),
  RELIABILITY_FILE: z.string().min(1).optional(),
  INSTITUTE_NAME: z.string().min(1).default('Demonstration Institute'),
  // The form a new test gets unless the clinician chooses another: FULL (220 items), SF (100), BF (25).
  DEFAULT_FORM: z.enum(['FULL', 'SF', 'BF'], { error: 'FULL, SF or BF' }).default('FULL'),
  // Where clinicians buy tests (e.g. the institute's Wix store page), named when they have none left.
  TESTS_STORE_URL: z.url().optional(),
  // The country listed first and preselected in Create Test: an ISO 3166-1 alpha-2 code.
  DEFAULT_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCountryCode, 'an ISO 3166-1 alpha-2 country code, e.g. US, GB, NL, CA')
    .default('US'),
  REPORT_COPYRIGHT_YEAR: z.coerce.number().int().min(2000).max(2200).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  // `/metrics` for Prometheus (docs/operations.md "Monitoring"): off unless set; scrapers send it as a bearer token.
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN: at least 32 characters (a bearer token for /metrics)').optional(),
  // Erase patients whose last test is older than this many years (DESIGN.md "Erasure, access and retention"); off
  // unless set.
  RETENTION_YEARS: z.coerce
    .number({ error: 'a whole number of years, at least 1 (leave it unset to keep tests until erased by hand)' })
    .int('a whole number of years, at least 1')
    .min(1, 'a whole number of years, at least 1 (leave it unset to keep tests until erased by hand)')
    .max(200, 'at most 200 years')
    .optional(),
  // FHIR export (docs/operations.md "Exchanging results (FHIR)"): the system of the institute's patient identifiers, and the base
  // of our canonical URLs (code systems, questionnaires) when it must not follow PUBLIC_URL.
  FHIR_PATIENT_ID_SYSTEM: z
    .string()
    .regex(/^(urn:[a-z0-9][a-z0-9-]*:\S+|https?:\/\/\S+)$/i, 'a URI: urn:… or https://…')
    .optional(),
  FHIR_CANONICAL_BASE: z.url().optional(),
  // Where the FHIR Bulk Data export writes its NDJSON files until they expire (a folder every server process shares).
  FHIR_EXPORT_DIR: z.string().min(1).optional(),
  // The machine clients of the FHIR read API (docs/operations.md "Exchanging results (FHIR)"): inline JSON or a JSON file's path;
  // read and checked at start (identity/system-clients.ts). Unset: no client can get a token.
  FHIR_CLIENTS: z.string().trim().min(1).optional(),
  // E-mail to patients and clinicians (docs/operations.md "E-mail"): off unless an SMTP server is named.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  SMTP_SECURE: booleanFlag.optional(),
  MAIL_FROM: z.string().min(3).optional(),
  // The time zone the due date in a message is told in (an IANA name, e.g. Europe/Berlin); unset: UTC, named.
  INSTITUTE_TIME_ZONE: z.string().refine(isTimeZone, 'an IANA time zone, e.g. Europe/Berlin').optional(),
  // Reminders: days after the invitation, and days before the due date (each at most once, one a day at most).
  REMINDER_DAYS_AFTER_INVITATION: dayList.default([3, 7]),
  REMINDER_DAYS_BEFORE_DUE: dayList.default([2]),
  MAIL_LIMIT_PER_CLINICIAN_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(60),
  MAIL_LIMIT_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(100).default(5),
  // How often an idle mail worker asks the job queue for work (seconds).
  MAIL_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  // How many messages one process sends at once (SMTP connections kept open); a backlog drains without polling.
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(20).default(4),
  // A failed send is tried again after this many seconds, then twice as long each time (at most an hour apart).
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(30),
  // Text messages through Twilio's Messages API, beside e-mail (docs/operations.md "E-mail"): off unless all three are set.
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'AC followed by 32 hexadecimal digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^\+[1-9][0-9]{6,14}$/, 'a phone number in E.164 form, e.g. +4915112345678')
    .optional(),
  TWILIO_API_BASE: z.url().default('https://api.twilio.com'),
});

export type Env = z.input<typeof ZEnv>;

/** An institute's own OpenID Connect issuer (the OIDC_* variables). */
export interface OidcProviderConfig {
  kind: 'oidc';
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string;
  redirectUri: string;
  adminClaim: string | undefined;
  adminValue: string | undefined;
}

export type LoginProviderConfig =
  | { kind: 'dev'; port: number }
  | OidcProviderConfig
  | {
      kind: 'wix';
      clientId: string;
      redirectUri: string;
      apiBase: string;
      /** Purchased tests from the site's eCommerce orders; null when WIX_API_KEY etc. are not set. */
      orders: { apiKey: string; siteId: string; testProductId: string } | null;
    };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  isHttps: boolean;
  logLevel: string;
  /** 'pretty' for a person at a terminal (development's default), 'json' for a log collector. */
  logFormat: 'pretty' | 'json';
  /** Proxy hops whose X-Forwarded-For entries are believed (false: none; the socket's address is the client). */
  trustProxy: false | number;
  /** Time limits for slow clients, and the bound on connections per address (null: none, e.g. behind a proxy). */
  connections: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxPerAddress: number | null;
  };
  database:
    { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number; timeoutSeconds: number };
  dataDir: string;
  /** Patient link codes are derived from it; required in production. */
  appSecret: string | undefined;
  demoData: boolean;
  localAccounts: boolean;
  adminEmails: string[];
  login: LoginProviderConfig;
  /** Seconds for every outbound call to the login provider and the Wix APIs. */
  providerTimeoutSeconds: number;
  /** Time limit of drawing one PDF report (reports/pdf-pool.ts). */
  reportTimeLimitSeconds: number;
  session: { idleMinutes: number; absoluteHours: number };
  itemSetFile: string | undefined;
  /** ITEM_SET_FILES: an item set file per language (with ITEM_SET_FILE, whose own `language` says which it serves). */
  itemSetFiles: { language: Language; file: string }[];
  /** DEFAULT_TEST_LANGUAGE: the language a new test gets unless the clinician chooses another; null when unset. */
  defaultTestLanguage: Language | null;
  /** PATIENT_LANGUAGE_SWITCH: patients may switch a test to another language with an item set loaded. */
  patientLanguageSwitch: boolean;
  /** An institute's own licensed US norm tables (JSON, the shipped file's format); the shipped tables if unset. */
  normTablesFile: string | undefined;
  /** An institute's own reliabilities for the comparison's reliable change index; the shipped cited ones if unset. */
  reliabilityFile: string | undefined;
  instituteName: string;
  /** DEFAULT_FORM: the form a new test gets unless the clinician chooses another. */
  defaultForm: 'FULL' | 'SF' | 'BF';
  testsStoreUrl: string | undefined;
  defaultCountry: string;
  reportCopyrightYear: number | undefined;
  webDistDir: string | undefined;
  /** The bearer token `/metrics` needs; null: no metrics route. */
  metricsToken: string | null;
  /** RETENTION_YEARS: patients last seen longer ago are erased by a daily sweep; null: kept until erased by hand. */
  retentionYears: number | null;
  /** FHIR export: the base of our canonical URLs and the system of the patient identifiers. */
  fhir: {
    canonicalBase: string;
    patientIdSystem: string;
    /** Neither FHIR_CANONICAL_BASE nor PUBLIC_URL was set: the base is http://localhost:PORT (development only). */
    canonicalBaseIsDefault?: boolean;
  };
  /** FHIR_CLIENTS as given (inline JSON or a file's path); null: no machine clients. */
  fhirClients: string | null;
  /** FHIR_EXPORT_DIR: the Bulk Data export's files; default the system's temporary folder's pid5-fhir-exports. */
  fhirExportDir: string;
  /** E-mail (invitations, reminders, completion notices); null when no SMTP server is configured. */
  mail: MailConfig | null;
}

export interface MailConfig {
  /** A nodemailer SMTP URL, or its parts. */
  smtp: string | { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };
  from: string;
  reminders: { daysAfterInvitation: number[]; daysBeforeDue: number[] };
  limits: { perClinicianPerHour: number; perAddressPerDay: number };
  pollSeconds: number;
  /** MAIL_CONCURRENCY: messages sent at once by one process. */
  concurrency: number;
  retry: { delaySeconds: number; limit: number };
  /** INSTITUTE_TIME_ZONE: the zone a message's due date is told in; null: UTC, named in the message. */
  timeZone?: string | null;
  /** Twilio's Messages API for text messages; null when not configured. */
  sms: { accountSid: string; authToken: string; from: string; apiBase: string } | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parse an environment (process.env in production, a literal in tests) into the app's configuration. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  if (cleaned.LANGUAGES_FOLDER) {
    try {
      addLanguageFolder(cleaned.LANGUAGES_FOLDER);
    } catch (error) {
      throw new ConfigError([`LANGUAGES_FOLDER: ${(error as Error).message}`]);
    }
  }
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const isProduction = e.NODE_ENV === 'production';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');

  let login: LoginProviderConfig;
  const wixOrderVariables = [e.WIX_API_KEY, e.WIX_SITE_ID, e.WIX_TEST_PRODUCT_ID];
  if (e.OIDC_ISSUER && e.WIX_CLIENT_ID) {
    problems.push('OIDC_ISSUER and WIX_CLIENT_ID: set one institute login, not both');
  }
  if (wixOrderVariables.some(Boolean) && !wixOrderVariables.every(Boolean)) {
    problems.push('WIX_API_KEY, WIX_SITE_ID and WIX_TEST_PRODUCT_ID: set all three (Wix order sync) or none');
  }
  if (wixOrderVariables.some(Boolean) && !e.WIX_CLIENT_ID) {
    problems.push('WIX_API_KEY: Wix order sync needs the Wix member login (WIX_CLIENT_ID)');
  }
  if (isProduction && !e.WIX_API_BASE.startsWith('https://')) {
    problems.push('WIX_API_BASE: must be https:// in production (it carries member tokens and the API key)');
  }
  if (e.WIX_CLIENT_ID) {
    login = {
      kind: 'wix',
      clientId: e.WIX_CLIENT_ID,
      redirectUri: e.WIX_REDIRECT_URI ?? `${publicUrl}/auth/callback`,
      apiBase: e.WIX_API_BASE.replace(/\/$/, ''),
      orders:
        e.WIX_API_KEY && e.WIX_SITE_ID && e.WIX_TEST_PRODUCT_ID
          ? { apiKey: e.WIX_API_KEY, siteId: e.WIX_SITE_ID, testProductId: e.WIX_TEST_PRODUCT_ID }
          : null,
    };
  } else if (e.OIDC_ISSUER) {
    if (!e.OIDC_CLIENT_ID) {
      problems.push('OIDC_CLIENT_ID: required when OIDC_ISSUER is set');
    }
    if (isProduction && !e.OIDC_ISSUER.startsWith('https://')) {
      problems.push('OIDC_ISSUER: must be https:// in production');
    }
    if (Boolean(e.OIDC_ADMIN_CLAIM) !== Boolean(e.OIDC_ADMIN_VALUE)) {
      problems.push('OIDC_ADMIN_CLAIM and OIDC_ADMIN_VALUE: set both or neither');
    }
    login = {
      kind: 'oidc',
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID ?? '',
      clientSecret: e.OIDC_CLIENT_SECRET,
      scopes: e.OIDC_SCOPES,
      redirectUri: e.OIDC_REDIRECT_URI ?? `${publicUrl}/auth/callback`,
      adminClaim: e.OIDC_ADMIN_CLAIM,
      adminValue: e.OIDC_ADMIN_VALUE,
    };
  } else {
    if (isProduction) {
      problems.push(
        'OIDC_ISSUER or WIX_CLIENT_ID: required in production (the bundled development login is for trying the app only)',
      );
    }
    login = { kind: 'dev', port: e.DEV_OIDC_PORT };
  }

  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    problems.push(
      'HEADERS_TIMEOUT_SECONDS: must not be longer than REQUEST_TIMEOUT_SECONDS (the headers are part of it)',
    );
  }

  if (isProduction && !e.APP_SECRET) {
    problems.push('APP_SECRET: required in production (patient link codes are derived from it)');
  }
  // The FHIR export writes its canonical URLs (code systems, questionnaires) into receivers' records, where they stay:
  // in production they are never the development default http://localhost:PORT.
  if (isProduction && !e.FHIR_CANONICAL_BASE && !e.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL or FHIR_CANONICAL_BASE: required in production (the FHIR export writes its canonical URLs into receivers\u2019 records, and http://localhost would stay there)',
    );
  }

  const demoData = e.DEMO_DATA ?? !isProduction;
  if (demoData && isProduction) {
    problems.push('DEMO_DATA: demo data is never seeded when NODE_ENV=production');
  }

  if (e.SMTP_URL && e.SMTP_HOST) {
    problems.push('SMTP_URL and SMTP_HOST: set one, not both');
  }
  if ((e.SMTP_URL || e.SMTP_HOST) && !e.MAIL_FROM) {
    problems.push(
      'MAIL_FROM: required when e-mail is configured (SMTP_URL or SMTP_HOST), e.g. "Institute <noreply@example.org>"',
    );
  }
  const twilio = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: set all three (text messages) or none');
  }
  if (twilio.some(Boolean) && !(e.SMTP_URL || e.SMTP_HOST)) {
    problems.push('TWILIO_ACCOUNT_SID: text messages run beside e-mail; set SMTP_URL or SMTP_HOST too');
  }
  if (isProduction && twilio.some(Boolean) && !e.TWILIO_API_BASE.startsWith('https://')) {
    problems.push('TWILIO_API_BASE: must be https:// in production (it carries the auth token)');
  }
  if (Boolean(e.SMTP_USER) !== Boolean(e.SMTP_PASSWORD)) {
    problems.push('SMTP_USER and SMTP_PASSWORD: set both or neither');
  }

  if (problems.length > 0) {
    throw new ConfigError(problems);
  }

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    isHttps: publicUrl.startsWith('https://'),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    trustProxy: e.TRUST_PROXY,
    connections: {
      requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
      headersTimeoutMs: Math.round(e.HEADERS_TIMEOUT_SECONDS * 1000),
      keepAliveTimeoutMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
      // Behind a proxy every connection comes from the proxy: the bound is the proxy's to keep (docs/operations.md).
      maxPerAddress:
        e.TRUST_PROXY === false && e.MAX_CONNECTIONS_PER_ADDRESS > 0 ? e.MAX_CONNECTIONS_PER_ADDRESS : null,
    },
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          timeoutSeconds: e.DATABASE_TIMEOUT_SECONDS,
        }
      : { kind: 'pglite', dataDir: e.DATA_DIR },
    dataDir: e.DATA_DIR,
    appSecret: e.APP_SECRET,
    demoData,
    localAccounts: e.ENABLE_LOCAL_ACCOUNTS ?? demoData,
    adminEmails: e.ADMIN_EMAILS,
    login,
    providerTimeoutSeconds: e.PROVIDER_TIMEOUT_SECONDS,
    reportTimeLimitSeconds: e.REPORT_TIME_LIMIT_SECONDS,
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS },
    itemSetFile: e.ITEM_SET_FILE,
    itemSetFiles: e.ITEM_SET_FILES ?? [],
    defaultTestLanguage: e.DEFAULT_TEST_LANGUAGE ?? null,
    patientLanguageSwitch: e.PATIENT_LANGUAGE_SWITCH,
    normTablesFile: e.NORM_TABLES_FILE,
    reliabilityFile: e.RELIABILITY_FILE,
    instituteName: e.INSTITUTE_NAME,
    defaultForm: e.DEFAULT_FORM,
    testsStoreUrl: e.TESTS_STORE_URL,
    defaultCountry: e.DEFAULT_COUNTRY,
    reportCopyrightYear: e.REPORT_COPYRIGHT_YEAR,
    webDistDir: e.WEB_DIST_DIR,
    metricsToken: e.METRICS_TOKEN ?? null,
    retentionYears: e.RETENTION_YEARS ?? null,
    fhir: {
      canonicalBase: (e.FHIR_CANONICAL_BASE ?? `${publicUrl}/fhir/R4`).replace(/\/$/, ''),
      patientIdSystem: e.FHIR_PATIENT_ID_SYSTEM ?? `urn:pid5:${new URL(publicUrl).host}:patient-id`,
      canonicalBaseIsDefault: !e.FHIR_CANONICAL_BASE && !e.PUBLIC_URL,
    },
    fhirClients: e.FHIR_CLIENTS ?? null,
    fhirExportDir: e.FHIR_EXPORT_DIR ?? join(tmpdir(), 'pid5-fhir-exports'),
    mail: mailConfig(e),
  };
}

function mailConfig(e: z.output<typeof ZEnv>): MailConfig | null {
  const smtp: MailConfig['smtp'] | null = e.SMTP_URL
    ? e.SMTP_URL
    : e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT ?? (e.SMTP_SECURE ? 465 : 587),
          secure: e.SMTP_SECURE ?? false,
          ...(e.SMTP_USER && e.SMTP_PASSWORD ? { auth: { user: e.SMTP_USER, pass: e.SMTP_PASSWORD } } : {}),
        }
      : null;
  if (!smtp || !e.MAIL_FROM) {
    return null;
  }
  return {
    smtp,
    from: e.MAIL_FROM,
    reminders: { daysAfterInvitation: e.REMINDER_DAYS_AFTER_INVITATION, daysBeforeDue: e.REMINDER_DAYS_BEFORE_DUE },
    limits: {
      perClinicianPerHour: e.MAIL_LIMIT_PER_CLINICIAN_PER_HOUR,
      perAddressPerDay: e.MAIL_LIMIT_PER_ADDRESS_PER_DAY,
    },
    pollSeconds: e.MAIL_POLL_SECONDS,
    concurrency: e.MAIL_CONCURRENCY,
    retry: { delaySeconds: e.MAIL_RETRY_DELAY_SECONDS, limit: e.MAIL_RETRY_LIMIT },
    timeZone: e.INSTITUTE_TIME_ZONE ?? null,
    sms:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiBase: e.TWILIO_API_BASE.replace(/\/$/, ''),
          }
        : null,
  };
}

/** For main.ts and the CLIs: parse process.env or print every problem and exit. */
export function loadConfigOrExit(): AppConfig {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
