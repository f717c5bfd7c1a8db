import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { isLanguage, type Language } from '@pid5/i18n';
import { requestLanguage } from '../../i18n/request-language';
import type { AppConfig } from '../../config';
import type { Clock } from '../../lib/clock';
import { formatReportDate } from '../../reports/report-date';

/**
 * What every PDF endpoint (report, score report, comparison) hands its service from the request and the settings:
 * the browser's language and time zone for the dates printed, the institute's name and copyright year for the
 * footer, the time, and the caller's address and the request's log (audit, failures).
 */
export interface ReportRequest {
  acceptLanguage: string | undefined;
  /** The reader's language (cookie, else Accept-Language): the score report's and the comparison's words. */
  language: Language;
  timeZone: string | undefined;
  instituteName: string;
  copyrightYear: number | undefined;
  now: Date;
  ip: string;
  log: FastifyBaseLogger;
}

/** The ReportRequest of a request; `timeZone` is its `tz` query parameter (the browser's time zone). */
export function reportRequestOf(
  request: FastifyRequest,
  deps: { config: Pick<AppConfig, 'instituteName' | 'reportCopyrightYear'>; clock: Clock },
  timeZone: string | undefined,
): ReportRequest {
  return {
    acceptLanguage: request.headers['accept-language'],
    language: requestLanguage(request),
    timeZone,
    instituteName: deps.config.instituteName,
    copyrightYear: deps.config.reportCopyrightYear,
    now: deps.clock.now(),
    ip: request.ip,
    log: request.log,
  };
}

/** A date as a report prints it: in the report's language (default the reader's) and the browser's time zone. */
export function reportDate(request: ReportRequest, date: Date, language: Language = request.language) {
  return formatReportDate({ date, acceptLanguage: request.acceptLanguage, timeZone: request.timeZone, language });
}

/**
 * The language a test was given in, which its patient report speaks: the row's `language` (the column of migration
 * 0018) when it has one, else English.
 */
export function testLanguage(row: object): Language {
  const language = (row as { language?: unknown }).language;
  return isLanguage(language) ? language : 'en';
}

/** The footer's institute and year: this year unless the settings fix one (REPORT_COPYRIGHT_YEAR). */
export function reportFooter(request: ReportRequest): { instituteName: string; copyrightYear: number } {
  return {
    instituteName: request.instituteName,
    copyrightYear: request.copyrightYear ?? request.now.getUTCFullYear(),
  };
}
