import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { InstituteLogin } from './institute-login';
import { ProviderSessionEndedError } from './login-errors';
import { deleteSession, setSessionProviderTokens, type ActiveSession } from './sessions';

/** After a provider could not be asked (down, timeout), wait this long before asking again for that session. */
const RETRY_AFTER_MS = 60_000;
const MAX_TRACKED = 10_000;

export interface ProviderSessionRenewal {
  /**
   * Keeps a session's provider tokens (Wix members) alive: when the access token has expired, renew
   * it with the refresh token. If the provider refuses, the session ends and the user signs in again.
   * Never falls back to a visitor token (the Wix SDK does, silently; docs/research/wix.md §4). If the
   * provider cannot be asked, the session continues and the renewal is retried a minute later, so a
   * provider outage neither signs everyone out nor slows every request.
   */
  keepFresh(options: {
    db: Db;
    token: string;
    session: ActiveSession;
    now: Date;
    log: FastifyBaseLogger;
  }): Promise<ActiveSession | null>;
}

/**
 * The renewal for one server: it remembers, per session, when a provider that could not be asked may be asked again
 * (built once by the composition root, server.ts).
 */
export function createProviderSessionRenewal(login: InstituteLogin | null): ProviderSessionRenewal {
  const retryAfter = new Map<string, number>();
  return {
    async keepFresh({ db, token, session, now, log }) {
      const tokens = session.providerTokens;
      if (!tokens || !login?.renewTokens || tokens.accessTokenExpiresAt > now.getTime()) {
        return session;
      }
      if ((retryAfter.get(session.tokenHash) ?? 0) > Date.now()) {
        return session;
      }
      try {
        const renewed = await login.renewTokens(tokens);
        await setSessionProviderTokens(db, token, renewed);
        retryAfter.delete(session.tokenHash);
        return { ...session, providerTokens: renewed };
      } catch (error) {
        if (error instanceof ProviderSessionEndedError) {
          log.info(
            { err: error, userId: session.user.id },
            'provider refused to renew the member session; signing out',
          );
          retryAfter.delete(session.tokenHash);
          await deleteSession(db, session.tokenHash);
          return null;
        }
        log.warn({ err: error }, 'could not renew the provider session; keeping the session and retrying later');
        if (retryAfter.size >= MAX_TRACKED) {
          retryAfter.clear();
        }
        retryAfter.set(session.tokenHash, Date.now() + RETRY_AFTER_MS);
        return session;
      }
    },
  };
}
