import type { Language } from '@pid5/i18n';
import { apiRequest } from '../api/client';
import type { AnswerTransport } from './answer-sync';

// The patient link API (DESIGN.md "API"), through the contract's zod-free route table: no validation library in
// this bundle.

export const fetchPatientTest = (code: string) => apiRequest('getPatientTest', { params: { code } });

export const fetchConsent = (code: string) => apiRequest('getPatientConsent', { params: { code } });

export const acceptConsent = (code: string, consentId: number) =>
  apiRequest('acceptConsent', { params: { code }, body: { consentId } });

export const submitTest = (code: string) => apiRequest('submitTest', { params: { code } });

export function createAnswerTransport(code: string): AnswerTransport {
  return {
    saveOne: (item, value, answeredMsAgo) =>
      apiRequest('saveAnswer', { params: { code, item }, body: { value, answeredMsAgo } }),
    saveMany: (answers) => apiRequest('saveAnswers', { params: { code }, body: { answers } }),
  };
}

export const setPatientLanguage = (code: string, language: Language) =>
  apiRequest('setPatientLanguage', { params: { code }, body: { language } });
