import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  downloadPath,
  reportFileName,
  type AssessmentForm,
  type AssessmentSort,
  type AssessmentStatusFilter,
  type TCreateAssessmentRequest,
} from '@pid5/contract';
import { apiRequest, ApiError, errorFromResponse, languageHeaders } from './client';
import { saveFile } from '../lib/save-file';

export const assessmentsKey = ['assessments'] as const;
export const creditsKey = ['credits'] as const;

export interface AssessmentListParams {
  search: string;
  sort: AssessmentSort;
  status: AssessmentStatusFilter;
  page: number;
  /** Only tests of this form; every form when absent. */
  form?: AssessmentForm;
}

/** One dashboard page; search, sort and paging happen on the server. The previous page stays on screen while the next loads. */
export function useAssessments(params: AssessmentListParams) {
  return useQuery({
    queryKey: [...assessmentsKey, 'list', params],
    queryFn: ({ signal }) => apiRequest('listAssessments', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAssessment(id: string | undefined) {
  return useQuery({
    queryKey: [...assessmentsKey, 'detail', id],
    queryFn: ({ signal }) => apiRequest('getAssessment', { params: { id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}

/** The server's answer for a test that does not exist or is not visible in this view (404), or a malformed id (400). */
export function isMissingAssessment(error: Error): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function useCreateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateAssessmentRequest) => apiRequest('createAssessment', { body }),
    onSettled: async () => {
      // Drop cached dashboard pages so the dashboard shows loading rows, not the old list, until the new one arrives.
      queryClient.removeQueries({ queryKey: [...assessmentsKey, 'list'] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assessmentsKey }),
        queryClient.invalidateQueries({ queryKey: creditsKey }),
      ]);
    },
  });
}

export function useExtendAssessment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('extendAssessment', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assessmentsKey }),
  });
}

/** Tests available: purchased minus created (DESIGN.md "Data model"). */
export function useCredits() {
  return useQuery({ queryKey: creditsKey, queryFn: ({ signal }) => apiRequest('getCredits', { signal }) });
}

export function useTerms(enabled = true) {
  return useQuery({
    queryKey: ['documents', 'terms'],
    queryFn: ({ signal }) => apiRequest('getTerms', { signal }),
    enabled,
  });
}

/** The whole diagnosis catalogue (~900 entries), loaded once per visit; the picker filters it in the browser. */
export function useDiagnoses() {
  return useQuery({
    queryKey: ['diagnoses'],
    queryFn: ({ signal }) => apiRequest('getDiagnoses', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/**
 * Fetches the PDF report (built on the server from stored data) and saves it named for the test and today (`reportFileName`). `failed` is the page's
 * message for a failure the server does not explain (the spec's 'Error downloading PDF').
 */
export async function downloadReport(id: number, name: string, failed: string): Promise<void> {
  // The browser's time zone, so the date printed on the report is the reader's today.
  await downloadPdf(
    downloadPath('getReportPdf', { id }, { name, tz: browserTimeZone() }),
    reportFileName('report', id, new Date()),
    failed,
  );
}

/** Fetches the clinician's score report (patient id, validity table, every number, answers), named like the report. */
export async function downloadScoreReport(id: number, failed: string): Promise<void> {
  await downloadPdf(
    downloadPath('getScoreReportPdf', { id }, { tz: browserTimeZone() }),
    reportFileName('score-report', id, new Date()),
    failed,
  );
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

async function downloadPdf(url: string, filename: string, failed: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin', headers: languageHeaders() });
  if (!response.ok) {
    // A refused name (400) comes with a message saying what to change; any other failure is the spec's message.
    throw response.status === 400
      ? await errorFromResponse(response, failed)
      : new ApiError(response.status, 'INTERNAL', failed);
  }
  saveFile(await response.blob(), filename);
}
