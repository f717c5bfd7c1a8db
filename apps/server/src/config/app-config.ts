import type { Language } from '@pid5/i18n';

// The app's configuration as the rest of the server reads it: parseConfig (config.ts) builds it from the environment.

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
