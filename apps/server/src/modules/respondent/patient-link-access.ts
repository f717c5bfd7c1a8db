import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZApiError } from '@pid5/contract';
import { AppError } from '../../errors';
import { processLocal } from '../../http/rate-limit-store';
import { linkSessionOf } from './answer-author';

// Unknown codes are limited per address (unknown-code-limiter.ts; the limiter is built by the composition root).
// Everything else: generous, a patient answering quickly makes a few requests a minute. Counted per link,
// not per address: a clinic's patients often share one address behind NAT, and guessing codes is
// already stopped by the unknown-code limit per address above.
const PATIENT_RATE_LIMIT = {
  max: 600,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `patient-link:${(request.params as { code?: string }).code ?? ''}`,
};

/**
 * What every patient link route shares: the route options (access, rate limit, refusing an address that guessed too
 * many codes, the link session) and a wrapper that counts an unknown code against the address before answering.
 */
export function patientLinkAccess(app: FastifyInstance) {
  const limiter = app.deps.unknownCodeLimiter;
  const tooManyAttempts = (waitSeconds: number) =>
    new AppError('RATE_LIMITED', 'errors.respondent.tooManyAttempts', {
      values: { minutes: Math.ceil(waitSeconds / 60) },
    });
  const refuseGuessers = async (request: FastifyRequest) => {
    const wait = await limiter.retryAfterSeconds(request.ip);
    if (wait > 0) {
      throw tooManyAttempts(wait);
    }
  };
  // Every browser on a patient link gets its link session from the first request (the page load), so its saves are
  // told apart in the answer history (answer-author.ts).
  const assignLinkSession = async (request: FastifyRequest, reply: FastifyReply) => {
    linkSessionOf(request, reply, { isHttps: app.deps.config.isHttps, linkCodes: app.deps.linkCodes });
  };
  /** Runs a patient handler; an unknown code is counted against the address before it is answered. */
  const countingUnknownCodes =
    <Request extends FastifyRequest, Result>(handler: (request: Request) => Promise<Result>) =>
    async (request: Request): Promise<Result> => {
      try {
        return await handler(request);
      } catch (error) {
        if (error instanceof AppError && error.code === 'LINK_NOT_FOUND') {
          const wait = await limiter.recordMiss(request.ip);
          if (wait > 0) {
            throw tooManyAttempts(wait);
          }
        }
        throw error;
      }
    };
  const routeOptions = {
    config: { access: 'patient' as const, rateLimit: processLocal(PATIENT_RATE_LIMIT) },
    onRequest: [refuseGuessers, assignLinkSession],
  };

  return { routeOptions, countingUnknownCodes };
}

export const ZCodeParams = z.object({ code: z.string() });

/** The refusals a patient link route answers with. */
export const PATIENT_LINK_ERRORS = { 400: ZApiError, 404: ZApiError, 409: ZApiError, 410: ZApiError, 429: ZApiError };
