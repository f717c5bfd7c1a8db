import type { Db } from '../db/database';
import type { ActiveSession } from '../identity/sessions';

// What a signed-in person's request hands a module's service, named once instead of in every service's options.

/** The database and who asks: the session decides what the service shows or lets them change. */
export interface ServiceContext {
  db: Db;
  session: ActiveSession;
}

/** A service call that writes an audit row: also when it happened and the address it came from. */
export interface AuditedServiceContext extends ServiceContext {
  now: Date;
  ip: string;
}
