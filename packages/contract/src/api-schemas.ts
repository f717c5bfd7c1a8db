import type { z } from 'zod';
import {
  ZAdminCreditsQuery,
  ZAdminUsers,
  ZAuditPage,
  ZAuditQuery,
  ZCreditLedgerPage,
  ZCredits,
  ZGrantCreditsRequest,
  ZGrantCreditsResponse,
} from './admin';
import {
  ZAssessmentDetails,
  ZAssessmentList,
  ZCreateAssessmentRequest,
  ZCreateAssessmentResponse,
  ZDiagnosesQuery,
  ZDiagnosisCatalogue,
  ZListAssessmentsQuery,
  ZTermsDocument,
} from './assessments';
import {
  ZAuthMethods,
  ZLocalLoginRequest,
  ZLocalRegisterRequest,
  ZLogoutResponse,
  ZMe,
  ZOk,
  ZSetViewModeRequest,
} from './auth';
import {
  ZAcceptConsentRequest,
  ZSetPatientLanguageRequest,
  ZExtendAssessmentResponse,
  ZPatientConsent,
  ZPatientTest,
  ZSaveAnswerRequest,
  ZSaveAnswersRequest,
  ZSaveAnswersResponse,
} from './respondent';
import { ZCompiledCatalogue, ZLanguageList } from './language';
import { ZAnswerHistory } from './answer-history';
import {
  ZMySettings,
  ZSendInvitationRequest,
  ZSetRemindersRequest,
  ZTestMessages,
  ZUpdateMySettingsRequest,
} from './messages';
import { ZCreateRetestSeriesRequest, ZRetestSeriesAnswer, ZUpdateRetestSeriesRequest } from './retests';
import {
  ZAdministrationComparison,
  ZCompareQuery,
  ZPatientTimeline,
  ZSharedWithMe,
  ZShareRequest,
  ZShareResponse,
} from './patients';
import { ZErasePatientRequest, ZErasePatientResponse, ZPatientDataExport, ZPatientDataQuery } from './patient-data';
import { ZAssessmentResults } from './results';
import { ZWixSyncRequest, ZWixSyncResponse } from './wix-sync';

/** What one JSON route takes and answers: the success response, and its body and query when it has them. */
export interface ApiRouteSchemas {
  response: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
}

/**
 * The schemas of every JSON route the web app calls, by route name (method and path: api-routes.ts). The server
 * registers these very schema objects on its routes, so its handlers are typed by them and its replies are
 * checked against them; the web app's typed client (apps/web/src/api/client.ts) takes its types from them too.
 * A renamed field therefore fails type-checking on both sides. apps/server/src/http/api-contract.int.test.ts
 * holds the server to this table (every route registered, with these schemas).
 */
export const API_SCHEMAS = {
  me: { response: ZMe },
  setViewMode: { body: ZSetViewModeRequest, response: ZMe },
  authMethods: { response: ZAuthMethods },
  localLogin: { body: ZLocalLoginRequest, response: ZOk },
  localRegister: { body: ZLocalRegisterRequest, response: ZOk },
  logout: { response: ZLogoutResponse },

  listAssessments: { query: ZListAssessmentsQuery, response: ZAssessmentList },
  createAssessment: { body: ZCreateAssessmentRequest, response: ZCreateAssessmentResponse },
  getAssessment: { response: ZAssessmentDetails },
  extendAssessment: { response: ZExtendAssessmentResponse },
  getTestMessages: { response: ZTestMessages },
  sendInvitation: { body: ZSendInvitationRequest, response: ZTestMessages },
  setReminders: { body: ZSetRemindersRequest, response: ZTestMessages },
  getRetestSeries: { response: ZRetestSeriesAnswer },
  createRetestSeries: { body: ZCreateRetestSeriesRequest, response: ZRetestSeriesAnswer },
  updateRetestSeries: { body: ZUpdateRetestSeriesRequest, response: ZRetestSeriesAnswer },
  getMySettings: { response: ZMySettings },
  updateMySettings: { body: ZUpdateMySettingsRequest, response: ZMySettings },
  getResults: { response: ZAssessmentResults },
  getAnswerHistory: { response: ZAnswerHistory },
  getPatientTimeline: { response: ZPatientTimeline },
  sharePatient: { body: ZShareRequest, response: ZShareResponse },
  revokePatientShare: { body: ZShareRequest, response: ZShareResponse },
  compareAdministrations: { query: ZCompareQuery, response: ZAdministrationComparison },
  listSharedWithMe: { response: ZSharedWithMe },
  getCredits: { response: ZCredits },
  getTerms: { response: ZTermsDocument },
  getDiagnoses: { query: ZDiagnosesQuery, response: ZDiagnosisCatalogue },
  listLanguages: { response: ZLanguageList },
  getLanguageCatalogue: { response: ZCompiledCatalogue },

  listAdminUsers: { response: ZAdminUsers },
  listCreditLedger: { query: ZAdminCreditsQuery, response: ZCreditLedgerPage },
  grantCredits: { body: ZGrantCreditsRequest, response: ZGrantCreditsResponse },
  listAuditEvents: { query: ZAuditQuery, response: ZAuditPage },
  syncWixOrders: { body: ZWixSyncRequest, response: ZWixSyncResponse },
  exportPatientData: { query: ZPatientDataQuery, response: ZPatientDataExport },
  erasePatient: { body: ZErasePatientRequest, response: ZErasePatientResponse },

  getPatientTest: { response: ZPatientTest },
  getPatientConsent: { response: ZPatientConsent },
  acceptConsent: { body: ZAcceptConsentRequest, response: ZPatientTest },
  saveAnswer: { body: ZSaveAnswerRequest, response: ZSaveAnswersResponse },
  saveAnswers: { body: ZSaveAnswersRequest, response: ZSaveAnswersResponse },
  submitTest: { response: ZPatientTest },
  setPatientLanguage: { body: ZSetPatientLanguageRequest, response: ZPatientTest },
} as const satisfies Record<string, ApiRouteSchemas>;
