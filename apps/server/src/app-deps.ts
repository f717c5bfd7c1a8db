import type { InstituteLogin, SignInListener } from './identity/institute-login';
import type { ProviderSessionRenewal } from './identity/provider-session';
import type { SystemTokens } from './identity/system-tokens';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import type { WixOrderSync } from './integrations/wix/wix-order-sync';
import type { Clock } from './lib/clock';
import type { RunCounts } from './lib/repeat-in-background';
import type { LinkCodes } from './lib/link-codes';
import type { DiagnosisCatalogue } from './modules/diagnoses/diagnosis-catalogue';
import type { ItemSets } from './modules/item-sets/load-item-set';
import type { UnknownCodeLimiter } from './modules/respondent/unknown-code-limiter';
import type { PdfPool } from './reports/pdf-pool';
import type { Messaging } from './modules/messages/messaging';
import type { NormTables, ReliabilityData } from '@pid5/instrument';

/**
 * What every route may use, decorated on the Fastify instance as `app.deps`: built once by the composition root
 * (server.ts), which owns their lifecycles; no module builds a shared part of its own.
 */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  clock: Clock;
  /** null when no institute login is configured (local accounts only). */
  instituteLogin: InstituteLogin | null;
  /** Purchased tests from the Wix site's orders; null/absent unless WIX_API_KEY, WIX_SITE_ID, WIX_TEST_PRODUCT_ID are set. */
  wixOrders?: WixOrderSync | null;
  /** Told of each institute sign-in (the Wix order sync at sign-in); null when nothing listens. */
  onInstituteSignIn?: SignInListener | null;
  /** The item texts patients see, one set per language (our demonstration sets, or ITEM_SET_FILES / ITEM_SET_FILE), loaded once at start-up. */
  itemSets: ItemSets;
  /** The US tables T scores and percentiles are read from (the shipped tables, or NORM_TABLES_FILE), loaded once. */
  normTables: NormTables;
  /** The reliabilities of the comparison's reliable change index (the shipped ones, or RELIABILITY_FILE). */
  reliability?: ReliabilityData;
  /** Makes and re-derives patient link codes (from APP_SECRET). */
  linkCodes: LinkCodes;
  /** The shipped diagnosis catalogue, read and validated once at start-up. */
  catalogue: DiagnosisCatalogue;
  /** The PDF report workers; closed with the app, after the requests in flight. */
  pdfPool: PdfPool;
  /** Counts unknown patient link codes per address (in memory, per process, like the other rate limits). */
  unknownCodeLimiter: UnknownCodeLimiter;
  /** Renews the provider tokens of Wix member sessions. */
  providerSessions: ProviderSessionRenewal;
  /** The FHIR read API's machine clients (FHIR_CLIENTS): their tokens issued and verified. */
  systemTokens: SystemTokens;
  /** E-mail to patients and clinicians and its job queue; null/absent when no SMTP server is configured. */
  messaging?: Messaging | null;
  /** The retention sweep's runs (server.ts schedules it), for the metrics; absent where no sweep is scheduled. */
  retentionRuns?: RunCounts;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared parts, for the routes (buildApp decorates them; the route modules read, never build, them). */
    deps: AppDeps;
  }
}
