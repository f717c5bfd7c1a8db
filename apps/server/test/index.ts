// @pid5/server/testing (package.json "exports"): the harness the server's tests, the end-to-end suite and the
// benchmarks share, and the doubles they run against. It reaches into the server's internals on purpose (seeding
// rows, drawing a report in-process); the server's production code never imports it (.dependency-cruiser.cjs).

export { startTestServer, type TestServer } from './test-server';
export { getFreePort } from './free-port';
export { startServerProcess, waitUntilReady, type ServerProcess } from './server-process';
export { insertOpenTests, nthSave, putAnswer } from './answer-load';
export { demoReportInput, demoScoreReportInput } from './report-input';
export { passwordHashFor } from './factories';
export { startWixContractDouble, type DoubleMember, type DoubleOrder } from './wix-contract-double';

// Internals the end-to-end set-ups and the benchmarks use directly.
export { assessments, users } from '../src/db/schema';
export { createRandomToken, hashToken } from '../src/lib/tokens';
export { escapeHtml } from '../src/lib/plain-http';
export { ensureDefaultDocuments, findCurrentDocument, publishDocument } from '../src/modules/documents/documents.repo';
export { createLocalUser } from '../src/modules/users/users.repo';
export { presentListItem } from '../src/modules/assessments/assessments.presenter';
export {
  countAssessments,
  findAssessment,
  listAssessmentsPage,
  listColumns,
  searchCondition,
} from '../src/modules/assessments/assessments.repo';
export { listAssessments, pageWindow } from '../src/modules/assessments/assessments.service';
export { recordAudit } from '../src/audit/audit-log-writer';
export { findActiveSession } from '../src/identity/sessions';
export { saveAnswer } from '../src/modules/respondent/respondent.repo';
export { renderReportPdf, type ReportInput } from '../src/reports/report-pdf';
export { renderScoreReportPdf, type ScoreReportInput } from '../src/reports/score-report-pdf';
export {
  CHART_CAPTION,
  DOMAIN_TEXTS,
  FACET_TEXTS,
  FOOTER_NOTICE,
  LEVEL_EXPLANATIONS,
  NAVIGATING_INTRO,
  REPORT_TITLE,
  SECTION_TITLES,
  UNDERSTANDING_CLOSING,
  UNDERSTANDING_PARAGRAPHS,
  type TraitText,
} from '../src/reports/report-wording';
export { smtpSinkEnv, startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink';
export { createMailTransport } from '../src/modules/messages/mail-transport';
export { queueInvitationsWhileStopped } from './message-load';
export { startTwilioDouble, type TwilioDouble } from './twilio-double';
