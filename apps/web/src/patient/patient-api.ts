import type { TPatientConsent, TPatientTest, TSaveAnswersResponse } from '@pid5/contract';
import { apiFetch } from '../api/client';
import type { AnswerTransport } from './answer-sync';

// The patient link API (DESIGN.md §7). Types only from the contract: no validation library in this bundle.

const base = (code: string) => `/api/patient/${encodeURIComponent(code)}`;

export const fetchPatientTest = (code: string) => apiFetch<TPatientTest>(base(code));

export const fetchConsent = (code: string) => apiFetch<TPatientConsent>(`${base(code)}/consent`);

export const acceptConsent = (code: string, consentId: number) =>
  apiFetch<TPatientTest>(`${base(code)}/consent`, { method: 'POST', json: { consentId } });

export const submitTest = (code: string) => apiFetch<TPatientTest>(`${base(code)}/submit`, { method: 'POST' });

export function createAnswerTransport(code: string): AnswerTransport {
  return {
    saveOne: (item, value) =>
      apiFetch<TSaveAnswersResponse>(`${base(code)}/answers/${item}`, { method: 'PUT', json: { value } }),
    saveMany: (answers) =>
      apiFetch<TSaveAnswersResponse>(`${base(code)}/answers`, { method: 'POST', json: { answers } }),
  };
}
