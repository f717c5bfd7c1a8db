import { reportFileName } from '@pid5/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_ROUTES } from '@pid5/contract';
import { apiServer, onApi } from '../../test/api-mock';
import { ADMIN, CLINICIAN, anAnswerHistory, anAssessmentDetails, someResults } from '../../test/fixtures';
import { aPatientTimeline } from '../../test/patient-fixtures';
import { renderRoute, signInAs } from '../../test/render-route';
import { someTestMessages } from '../../test/message-fixtures';

// The details page also shows the messages to the patient and the re-tests (components/invitation-panel.test.tsx
// and retest-series-panel.test.tsx test those parts).
beforeEach(() => {
  onApi('getTestMessages', someTestMessages());
  onApi('getRetestSeries', { series: null, canStart: false });
});

// The "Score report (clinician)" button on the details page and the admin data view: it asks the server for the
// score report of this test and saves it as score-report.pdf; a failure is said in the spec's words.

const FINISHED = { answeredCount: 220, finishedAt: '2026-03-20T10:00:00.000Z' };

/** Answers the score report route; returns the URLs asked for. */
function onScoreReport(status = 200): URL[] {
  const asked: URL[] = [];
  apiServer.use(
    http.get(DOWNLOAD_ROUTES.getScoreReportPdf.path, ({ request }) => {
      asked.push(new URL(request.url));
      return status === 200
        ? new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'content-type': 'application/pdf' } })
        : HttpResponse.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status });
    }),
  );
  return asked;
}

let saved: { href: string; download: string }[];

beforeEach(() => {
  // The details page also shows the patient's other tests (patient-panel.test.tsx tests that part).
  onApi('getPatientTimeline', aPatientTimeline());
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:score-report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Score report (clinician)', () => {
  it('downloads score-report.pdf for this test from the details page', async () => {
    signInAs(CLINICIAN);
    onApi('getAssessment', anAssessmentDetails({ ...FINISHED, id: 7 }));
    onApi('getResults', someResults());
    const asked = onScoreReport();
    renderRoute('/details/7');

    const button = await screen.findByRole('button', { name: 'Score report (clinician)' });
    expect(button).toBeEnabled();
    // Beside the patient's report, which stays the spec's "Download PDF".
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    fireEvent.click(button);

    await waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:score-report', download: reportFileName('score-report', 7, new Date()) }]),
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]?.pathname).toBe('/api/assessments/7/score-report.pdf');
    expect(asked[0]?.searchParams.get('tz')).toBeTruthy();
    expect(asked[0]?.searchParams.has('name')).toBe(false);
  });

  it('is offered to a colleague the patient is shared with, whom the server answers too', async () => {
    // docs/decisions/0056-shared-reader-reports.md: a shared reader reads both reports.
    signInAs(CLINICIAN);
    onApi('getAssessment', anAssessmentDetails({ ...FINISHED, id: 7, testLink: null }));
    onApi('getPatientTimeline', aPatientTimeline({ access: 'shared', canShare: false }));
    onApi('getResults', someResults());
    const asked = onScoreReport();
    renderRoute('/details/7');

    fireEvent.click(await screen.findByRole('button', { name: 'Score report (clinician)' }));
    await waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:score-report', download: reportFileName('score-report', 7, new Date()) }]),
    );
    expect(asked[0]?.pathname).toBe('/api/assessments/7/score-report.pdf');
  });

  it("asks in the reader's language, and says a failure in it", async () => {
    window.localStorage.setItem('pid5_lang', 'de');
    signInAs(CLINICIAN);
    onApi('getAssessment', anAssessmentDetails({ ...FINISHED, id: 7 }));
    onApi('getResults', someResults());
    const languages: (string | null)[] = [];
    apiServer.use(
      http.get(DOWNLOAD_ROUTES.getScoreReportPdf.path, ({ request }) => {
        languages.push(request.headers.get('accept-language'));
        return new HttpResponse(null, { status: 503 });
      }),
    );
    renderRoute('/details/7');

    fireEvent.click(await screen.findByRole('button', { name: 'Auswertungsbericht (intern)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fehler beim Herunterladen des PDF');
    expect(languages).toEqual(['de']);
  });

  it('is disabled until the patient submits', async () => {
    signInAs(CLINICIAN);
    onApi('getAssessment', anAssessmentDetails({ answeredCount: 220, finishedAt: null }));
    renderRoute('/details/7');

    expect(await screen.findByRole('button', { name: 'Score report (clinician)' })).toBeDisabled();
  });

  it('says the download failed when the server cannot draw it', async () => {
    signInAs(CLINICIAN);
    onApi('getAssessment', anAssessmentDetails({ ...FINISHED, id: 7 }));
    onApi('getResults', someResults());
    onScoreReport(503);
    renderRoute('/details/7');

    fireEvent.click(await screen.findByRole('button', { name: 'Score report (clinician)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error downloading PDF');
    expect(saved).toEqual([]);
  });

  it('is on the admin data view of a submitted test', async () => {
    signInAs(ADMIN);
    onApi('getAssessment', anAssessmentDetails({ ...FINISHED, id: 7, view: 'admin' }));
    onApi('getResults', someResults());
    onApi('getAnswerHistory', anAnswerHistory([]));
    const asked = onScoreReport();
    renderRoute('/dataview/7');

    fireEvent.click(await screen.findByRole('button', { name: 'Score report (clinician)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(asked[0]?.pathname).toBe('/api/assessments/7/score-report.pdf');
  });
});
