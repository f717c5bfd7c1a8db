import { z } from 'zod';
import { isCountryCode } from '@pid5/contract';
import { LANGUAGES, isLanguage, type Language } from '@pid5/i18n';

// Every environment variable the server reads, what each may be and its default (zod); what they mean together is
// in the section parsers beside this file, combined by config.ts.

/** Whether the runtime knows this IANA time zone. */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

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

export const ZEnv = z.object({
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

/** The environment as parsed: each variable of its type, defaults filled in. */
export type ParsedEnv = z.output<typeof ZEnv>;
