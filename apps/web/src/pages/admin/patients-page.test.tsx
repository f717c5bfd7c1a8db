import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPatientDataExport } from '@pid5/contract';
import { heldReply, onApi, onApiError } from '../../../test/api-mock';
import { ADMIN, anAdminUser } from '../../../test/fixtures';
import { renderRoute, signInAs } from '../../../test/render-route';

// `/admin/patients`: the admin downloads everything stored about one patient, or erases it after typing the
// identifier again. What the server exports and erases is its integration tests' (patient-data.int.test.ts).

function anExport(overrides: Partial<TPatientDataExport> = {}): TPatientDataExport {
  return {
    format: 'pid5-patient-data',
    formatVersion: 2,
    exportedAt: '2026-04-02T09:00:00.000Z',
    answerLegend: { '9': 'not answered' },
    clinician: { id: 'u-clinician', username: 'Dr Clinician' },
    patientId: 'PAT 7',
    administrations: [],
    answerChanges: [],
    shares: [],
    documents: [],
    retestSeries: [],
    messages: { contacts: [], deliveries: [] },
    auditEvents: [],
    ...overrides,
  };
}

/** The download's text, read as a browser's FileReader does. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsText(blob);
  });
}

let saved: { href: string; download: string }[];
let blobs: Blob[];

beforeEach(() => {
  saved = [];
  blobs = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:patient-data';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Signs in as the admin and opens the page with one clinician to choose. */
async function openPage() {
  signInAs(ADMIN);
  onApi('listAdminUsers', {
    items: [anAdminUser(), anAdminUser({ id: 'u-gone', username: 'Dr Gone', isDisabled: true })],
  });
  const rendered = renderRoute('/admin/patients');
  expect(await screen.findByRole('heading', { level: 1, name: 'Patient Data' })).toBeInTheDocument();
  return rendered;
}

async function choosePatient(user: Awaited<ReturnType<typeof openPage>>['user'], patientId = 'PAT 7') {
  await user.click(screen.getByRole('textbox', { name: 'Clinician' }));
  await user.click(await screen.findByRole('option', { name: /Dr Clinician/ }));
  await user.type(screen.getByRole('textbox', { name: 'Patient identifier' }), patientId);
}

describe('patient data (admin)', () => {
  it('shows the clinicians as loading, then every one, disabled accounts too', async () => {
    signInAs(ADMIN);
    const users = heldReply({
      items: [anAdminUser(), anAdminUser({ id: 'u-gone', username: 'Dr Gone', isDisabled: true })],
    });
    onApi('listAdminUsers', users.respond);
    const { user } = renderRoute('/admin/patients');

    expect(await screen.findByPlaceholderText('Loading…')).toBeInTheDocument();
    users.release();
    expect(await screen.findByPlaceholderText('Choose a clinician')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Clinician' }));
    expect(await screen.findByRole('option', { name: /Dr Gone .* disabled/ })).toBeInTheDocument();
  });

  it("shows the server's message when the clinicians cannot be loaded", async () => {
    signInAs(ADMIN);
    onApiError('listAdminUsers', 403, 'FORBIDDEN', 'This page is for administrators.');
    renderRoute('/admin/patients');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page is for administrators.');
  });

  it('asks for a clinician and an identifier before anything is sent', async () => {
    const exports = onApi('exportPatientData', anExport());
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Download everything stored (JSON)' }));
    expect(await screen.findByText('Please choose a clinician')).toBeInTheDocument();
    expect(screen.getByText('Please type the patient identifier')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Erase this patient…' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(exports).toHaveLength(0);
  });

  it('downloads everything stored about the patient as a JSON file and says how many tests it holds', async () => {
    const exports = onApi(
      'exportPatientData',
      anExport({ administrations: [anAdministration(1), anAdministration(2)] }),
    );
    const { user } = await openPage();
    await choosePatient(user);
    await user.click(screen.getByRole('button', { name: 'Download everything stored (JSON)' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Downloaded everything stored about 2 tests.');
    expect(exports.map((request) => Object.fromEntries(request.query))).toEqual([
      { clinicianId: 'u-clinician', patientId: 'PAT 7' },
    ]);
    expect(saved).toEqual([{ href: 'blob:patient-data', download: 'patient-data-PAT_7-2026-04-02.json' }]);
    expect(JSON.parse(await readText(blobs[0]!))).toMatchObject({
      patientId: 'PAT 7',
      administrations: [{ id: 1 }, { id: 2 }],
    });
  });

  it("says politely when the clinician has no such patient (the server's words)", async () => {
    onApiError('exportPatientData', 404, 'NOT_FOUND', 'This clinician has no tests with this patient identifier.');
    const { user } = await openPage();
    await choosePatient(user);
    await user.click(screen.getByRole('button', { name: 'Download everything stored (JSON)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Download failed: This clinician has no tests with this patient identifier.',
    );
    expect(saved).toEqual([]);
  });

  it('erases only after the identifier is typed again, then says how many tests were erased', async () => {
    const erasures = onApi('erasePatient', { erasedTests: 3 });
    const { user } = await openPage();
    await choosePatient(user);
    await user.click(screen.getByRole('button', { name: 'Erase this patient…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Erase this patient?' });
    expect(dialog).toHaveTextContent('Every test of PAT 7 at Dr Clinician is deleted');
    const confirm = within(dialog).getByRole('textbox', { name: 'Type the patient identifier again to confirm' });
    await user.type(confirm, 'PAT 8');
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(
      await within(dialog).findByText(
        'Please type the patient identifier again, exactly as above, to confirm the erasure',
      ),
    ).toBeInTheDocument();
    expect(erasures).toHaveLength(0);

    await user.clear(confirm);
    await user.type(confirm, 'PAT 7');
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByRole('status')).toHaveTextContent('3 tests erased.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(erasures.map((request) => request.body)).toEqual([
      { clinicianId: 'u-clinician', patientId: 'PAT 7', confirmPatientId: 'PAT 7' },
    ]);
    expect(screen.getByRole('textbox', { name: 'Patient identifier' })).toHaveValue('');
  });

  it('erases nothing when the admin cancels', async () => {
    const erasures = onApi('erasePatient', { erasedTests: 1 });
    const { user } = await openPage();
    await choosePatient(user);
    await user.click(screen.getByRole('button', { name: 'Erase this patient…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase this patient?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(erasures).toHaveLength(0);
  });

  it("shows the server's refusal of an erasure (an admin in the clinician view)", async () => {
    onApiError(
      'erasePatient',
      403,
      'FORBIDDEN',
      "Switch to the admin view to export or erase another clinician's patient (in the clinician view, only your own).",
    );
    const { user } = await openPage();
    await choosePatient(user);
    await user.click(screen.getByRole('button', { name: 'Erase this patient…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase this patient?' });
    await user.type(within(dialog).getByRole('textbox', { name: /again to confirm/ }), 'PAT 7');
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erasure failed: Switch to the admin view');
  });
});

function anAdministration(id: number): TPatientDataExport['administrations'][number] {
  return {
    id,
    form: 'BF',
    language: 'en',
    createdAt: '2026-03-01T09:00:00.000Z',
    dueAt: '2026-03-31T09:00:00.000Z',
    finishedAt: null,
    age: 40,
    gender: 'Female',
    race: 'Unspecified',
    postalCode: '12345',
    country: 'US',
    diagnoses: ['F41.1'],
    primaryDiagnosis: 'F41.1',
    termsId: 1,
    consentId: null,
    consentAgreedAt: null,
    responses: '9'.repeat(25),
    answers: Array.from({ length: 25 }, (_, i) => ({ item: i + 1, value: null })),
    answeredCount: 0,
    itemSetId: null,
    instrumentVersion: null,
    normsVersion: null,
    results: null,
    validityVerdict: null,
  };
}
