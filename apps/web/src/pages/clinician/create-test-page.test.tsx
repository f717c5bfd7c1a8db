import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TDiagnosisCatalogue } from '@pid5/contract';
import { onApi, onApiError } from '../../../test/api-mock';
import { CLINICIAN, anAssessmentDetails, anAssessmentList, someCredits } from '../../../test/fixtures';
import { someTestMessages } from '../../../test/message-fixtures';
import { aPatientTimeline } from '../../../test/patient-fixtures';
import { renderRoute, signInAs } from '../../../test/render-route';

const CATALOGUE: TDiagnosisCatalogue = {
  version: 'test',
  items: [
    { id: 1, code: 'F60.3', description: 'Borderline personality disorder', group: 'Personality disorders' },
    { id: 2, code: 'F41.1', description: 'Generalized anxiety disorder', group: 'Anxiety disorders' },
    {
      id: 3,
      code: 'F32.0',
      description: 'Major depressive disorder, single episode, mild',
      group: 'Depressive disorders',
    },
  ],
};
const TERMS = { id: 3, version: 2, bodyHtml: '<p>The terms of use.</p>' };

/** The Create Test page of a clinician with tests left; the dashboard answers too, for after creating. */
function openCreateTest({ available = 2 }: { available?: number } = {}) {
  signInAs(CLINICIAN);
  onApi('getCredits', someCredits(available));
  onApi('getDiagnoses', CATALOGUE);
  onApi('listAssessments', anAssessmentList([]));
  return renderRoute('/createtest');
}

const createButton = () => screen.getByRole('button', { name: 'Create Test' });
const field = (name: string) => screen.getByRole('textbox', { name });

/** F60.3 and F41.1 through the picker, then F41.1 as the primary. */
async function chooseDiagnoses(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Choose Diagnoses' }));
  const picker = await screen.findByRole('dialog', { name: 'DSM-5 Diagnoses' });
  const search = within(picker).getByRole('textbox', { name: 'Search diagnoses' });
  await user.type(search, 'borderline');
  await user.click(await within(picker).findByRole('option', { name: /F60\.3/ }));
  await user.clear(search);
  await user.type(search, 'ANXIETY');
  await user.click(await within(picker).findByRole('option', { name: /F41\.1/ }));
  expect(within(picker).getByText(/^2 selected/)).toBeInTheDocument();
  await user.click(within(picker).getByRole('button', { name: 'Done' }));
  await user.click(await screen.findByRole('radio', { name: 'F41.1' }));
}

/**
 * The open list of the select `name`. Options are looked for in it, not among every select's on the page: the page
 * keeps each select's options in the document (some 260 with the countries), and naming all of them for one query
 * took seconds in the test DOM, most of this file's time.
 */
const listOf = async (name: string) => within(await screen.findByRole('listbox', { name }));

/** Picks `option` in the open list of the select `list`. */
async function pick(user: UserEvent, list: string, option: string) {
  await user.click(await (await listOf(list)).findByRole('option', { name: option }));
}

/** Types into the searchable country list and picks the match. */
async function chooseCountry(user: UserEvent, typed: string, name: string) {
  await user.clear(field('Country'));
  await user.type(field('Country'), typed);
  await pick(user, 'Country', name);
}

async function fillDemographics(user: UserEvent, patientId = 'PAT-A1') {
  await user.type(field('Age'), '34');
  await user.click(field('Gender'));
  await pick(user, 'Gender', 'Female');
  await user.click(field('Race'));
  await pick(user, 'Race', 'Asian');
  await chooseCountry(user, 'canad', 'Canada');
  await user.type(field('Postal Code'), 'K1A 0B1');
  await user.type(field('Patient Identifier'), patientId);
}

describe('create test', () => {
  it('says the diagnoses are required and which is missing when pressed, and drops a primary deselected', async () => {
    const { user } = openCreateTest();
    expect(await screen.findByTestId('primary-diagnosis')).toHaveTextContent('Primary Diagnosis: None');
    expect(screen.getByText(/^Required: choose at least one diagnosis/)).toBeInTheDocument();
    expect(createButton()).toBeEnabled();
    await user.click(createButton());
    expect(await screen.findByText('Please choose at least one diagnosis')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await chooseDiagnoses(user);
    const chips = screen.getByRole('radiogroup', { name: 'Primary diagnosis' });
    expect(
      within(chips)
        .getAllByRole('radio')
        .map((chip) => chip.textContent),
    ).toEqual(['F60.3', '✓F41.1']);
    expect(within(chips).getByRole('radio', { name: 'F41.1' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('primary-diagnosis')).toHaveTextContent(
      'Primary Diagnosis: F41.1 — Generalized anxiety disorder',
    );
    expect(createButton()).toBeEnabled();

    // docs/product-spec.md §4: a primary that is no longer selected is cleared when the picker closes.
    await user.click(screen.getByRole('button', { name: 'Edit Diagnoses' }));
    const picker = await screen.findByRole('dialog', { name: 'DSM-5 Diagnoses' });
    await user.click(within(picker).getByRole('option', { name: /F41\.1/ }));
    await user.click(within(picker).getByRole('button', { name: 'Done' }));
    // The focus is back on the button that opened the picker (2.4.3), not on the page.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Diagnoses' })).toHaveFocus());
    expect(screen.getByTestId('primary-diagnosis')).toHaveTextContent('Primary Diagnosis: None');
    const primary = screen.getByRole('radiogroup', { name: 'Primary diagnosis' });
    expect(
      within(primary)
        .getAllByRole('radio')
        .map((chip) => chip.textContent),
    ).toEqual(['F60.3']);
    await user.click(createButton());
    expect(await screen.findByText('Please choose a primary diagnosis')).toBeInTheDocument();
  });

  it("shows the contract's message under each wrong field, focuses the first, and offers no terms", async () => {
    const { user } = openCreateTest();
    await chooseDiagnoses(user);

    await user.click(createButton());
    expect(field('Age')).toHaveAccessibleDescription('Please enter an age');
    // The institute's default country (the United States here) is chosen to begin with: the spec's 5 digits.
    expect(field('Country')).toHaveValue('United States of America');
    expect(field('Postal Code')).toHaveAccessibleDescription('Please enter exactly 5 digits');
    expect(field('Patient Identifier')).toHaveAccessibleDescription(/Please enter a patient identifier/);
    expect(field('Age')).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(field('Age'), '17');
    await user.type(field('Postal Code'), '1234');
    await user.click(createButton());
    expect(field('Age')).toHaveAccessibleDescription(
      'The PID-5 is an adult self-report: the patient must be 18 or older',
    );
    expect(field('Postal Code')).toHaveAccessibleDescription('Please enter exactly 5 digits');
    expect(field('Postal Code')).toHaveAttribute('aria-invalid', 'true');

    // Another country, its own postal codes (the same rule as the server's).
    await chooseCountry(user, 'nether', 'Netherlands');
    await user.click(createButton());
    expect(field('Postal Code')).toHaveAccessibleDescription('Please enter a valid postal code for Netherlands');
    await user.clear(field('Postal Code'));
    await user.type(field('Postal Code'), '1012 AB');
    await user.click(createButton());
    expect(field('Postal Code')).not.toHaveAttribute('aria-invalid', 'true');

    // Changing a field takes its message away; the others stay until the next try.
    await user.clear(field('Age'));
    await user.type(field('Age'), '121');
    expect(field('Age')).not.toHaveAttribute('aria-invalid', 'true');
    expect(field('Patient Identifier')).toHaveAccessibleDescription(/Please enter a patient identifier/);
    await user.click(createButton());
    expect(field('Age')).toHaveAccessibleDescription('Please enter an age between 18 and 120');
  });

  it("says the contract's messages in the reader's language, and names countries in it", async () => {
    window.localStorage.setItem('pid5_lang', 'de');
    const { user } = openCreateTest();
    await user.click(await screen.findByRole('button', { name: 'Diagnosen auswählen' }));
    const picker = await screen.findByRole('dialog', { name: 'DSM-5-Diagnosen' });
    await user.type(within(picker).getByRole('textbox', { name: 'Diagnosen durchsuchen' }), 'borderline');
    await user.click(await within(picker).findByRole('option', { name: /F60\.3/ }));
    await user.click(within(picker).getByRole('button', { name: 'Fertig' }));
    await user.click(await screen.findByRole('radio', { name: 'F60.3' }));

    await user.click(screen.getByRole('button', { name: 'Test anlegen' }));
    expect(field('Alter')).toHaveAccessibleDescription('Bitte geben Sie ein Alter ein.');
    expect(field('Land')).toHaveValue('Vereinigte Staaten');
    expect(field('Postleitzahl')).toHaveAccessibleDescription('Bitte geben Sie genau 5 Ziffern ein.');

    await user.clear(field('Land'));
    await user.type(field('Land'), 'nieder');
    await pick(user, 'Land', 'Niederlande');
    await user.type(field('Postleitzahl'), '1234');
    await user.click(screen.getByRole('button', { name: 'Test anlegen' }));
    expect(field('Postleitzahl')).toHaveAccessibleDescription(
      'Bitte geben Sie eine gültige Postleitzahl für Niederlande ein.',
    );
  });

  it('sends the form with the agreed terms and shows the new test on the dashboard; Exit sends nothing', async () => {
    onApi('getTerms', TERMS);
    const created = onApi(
      'createAssessment',
      { id: 41, form: 'FULL', language: 'en', testLink: 'http://x/test/y', testsAvailable: 1 },
      { status: 201 },
    );
    const { user, router } = openCreateTest();
    await chooseDiagnoses(user);
    await fillDemographics(user, 'PAT-A1');

    // Exit leaves the form as it was.
    await user.click(createButton());
    const firstLook = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(await within(firstLook).findByTestId('terms-body')).toHaveTextContent('The terms of use.');
    await user.click(within(firstLook).getByRole('button', { name: 'Exit' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field('Postal Code')).toHaveValue('K1A 0B1');
    expect(created).toHaveLength(0);

    await user.click(createButton());
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    await within(dialog).findByTestId('terms-body');
    await user.click(within(dialog).getByRole('button', { name: 'Agree and Create Test' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Assessments' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('The test for PAT-A1 is ready.');
    expect(created.map((request) => request.body)).toEqual([
      {
        age: 34,
        gender: 'Female',
        race: 'Asian',
        country: 'CA',
        postalCode: 'K1A 0B1',
        patientId: 'PAT-A1',
        dsmCodes: ['F60.3', 'F41.1'],
        primaryDsm: 'F41.1',
        termsId: 3,
        form: 'FULL',
        language: 'en',
        requestKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  it("offers the server's test languages, starts at the institute's default, and sends the one chosen", async () => {
    signInAs({ ...CLINICIAN, institute: { ...CLINICIAN.institute, defaultTestLanguage: 'de' } });
    onApi('getCredits', someCredits(2));
    onApi('getDiagnoses', CATALOGUE);
    onApi('listAssessments', anAssessmentList([]));
    onApi('getTerms', TERMS);
    const created = onApi(
      'createAssessment',
      { id: 43, form: 'FULL', language: 'en', testLink: 'http://x/test/w', testsAvailable: 1 },
      { status: 201 },
    );
    const { user } = renderRoute('/createtest');

    const language = await screen.findByRole('textbox', { name: 'Test language' });
    expect(language).toHaveValue('Deutsch');
    await user.click(language);
    await pick(user, 'Test language', 'English');
    expect(language).toHaveValue('English');

    await chooseDiagnoses(user);
    await fillDemographics(user, 'PAT-EN');
    await user.click(createButton());
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    await within(dialog).findByTestId('terms-body');
    await user.click(within(dialog).getByRole('button', { name: 'Agree and Create Test' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Assessments' })).toBeInTheDocument();
    expect(created.map((request) => (request.body as { language?: string }).language)).toEqual(['en']);
  });

  it("refuses a patient's e-mail address that is not one, then sends the new test's link to it", async () => {
    onApi('getTerms', TERMS);
    const created = onApi(
      'createAssessment',
      { id: 41, form: 'FULL', language: 'en', testLink: 'http://x/test/y', testsAvailable: 1 },
      { status: 201 },
    );
    const invited = onApi('sendInvitation', someTestMessages());
    const { user, router } = openCreateTest();
    await chooseDiagnoses(user);
    await fillDemographics(user, 'PAT-A1');
    const email = screen.getByRole('textbox', { name: "Patient's e-mail address (optional)" });
    await user.type(email, 'jane.doe@example');
    await user.click(createButton());
    expect(await screen.findByText('This is not an e-mail address: write it as name@example.org.')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(email, '.org');
    await user.click(createButton());
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    await within(dialog).findByTestId('terms-body');
    await user.click(within(dialog).getByRole('button', { name: 'Agree and Create Test' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Assessments' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(created).toHaveLength(1);
    expect(invited.map((request) => [request.params.id, request.body])).toEqual([
      ['41', { email: 'jane.doe@example.org' }],
    ]);
  });

  it("opens the new test's details, saying why, when the e-mail is refused: the test is kept", async () => {
    onApi('getTerms', TERMS);
    onApi(
      'createAssessment',
      { id: 41, form: 'FULL', language: 'en', testLink: 'http://x/test/y', testsAvailable: 1 },
      { status: 201 },
    );
    onApiError('sendInvitation', 409, 'MAIL_NOT_CONFIGURED', 'E-mail is not set up on this server.');
    onApi('getAssessment', anAssessmentDetails({ id: 41 }));
    onApi('getPatientTimeline', aPatientTimeline());
    onApi('getTestMessages', someTestMessages({ mailConfigured: false, canSend: false }));
    const { user, router } = openCreateTest();
    await chooseDiagnoses(user);
    await fillDemographics(user, 'PAT-A1');
    await user.type(screen.getByRole('textbox', { name: "Patient's e-mail address (optional)" }), 'jane@example.org');
    await user.click(createButton());
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    await within(dialog).findByTestId('terms-body');
    await user.click(within(dialog).getByRole('button', { name: 'Agree and Create Test' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Test Details' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/details/41');
    expect(await screen.findByText('The test was created, but the e-mail was not sent')).toBeVisible();
  });

  it("offers the three forms with their times, starts at the institute's default, and sends the one chosen", async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', { ...someCredits(2), defaultForm: 'SF' });
    onApi('getDiagnoses', CATALOGUE);
    onApi('listAssessments', anAssessmentList([]));
    onApi('getTerms', TERMS);
    const created = onApi(
      'createAssessment',
      { id: 42, form: 'BF', language: 'en', testLink: 'http://x/test/z', testsAvailable: 1 },
      { status: 201 },
    );
    const { user } = renderRoute('/createtest');

    const choices = await screen.findByRole('radiogroup', { name: 'Form' });
    const full = within(choices).getByRole('radio', { name: 'Full (220 items), about 30-40 minutes' });
    const short = within(choices).getByRole('radio', { name: 'Short (100 items), about 15-20 minutes' });
    const brief = within(choices).getByRole('radio', { name: 'Brief (25 items), about 5 minutes' });
    expect(choices).toHaveAccessibleDescription('One purchased test is used whichever form you choose.');
    // The institute's default (DEFAULT_FORM=SF here) is chosen until the clinician picks another.
    await waitFor(() => expect(short).toBeChecked());
    expect(full).not.toBeChecked();
    expect(within(choices).getByText(/^PID-5-BF: 5 domains and a total score/)).toBeInTheDocument();

    await user.click(brief);
    expect(brief).toBeChecked();
    expect(short).not.toBeChecked();
    await chooseDiagnoses(user);
    await fillDemographics(user, 'PAT-BF');
    await user.click(createButton());
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    await within(dialog).findByTestId('terms-body');
    await user.click(within(dialog).getByRole('button', { name: 'Agree and Create Test' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Assessments' })).toBeInTheDocument();
    expect(created.map((request) => (request.body as { form?: string }).form)).toEqual(['BF']);
  });

  it("shows the server's refusal and its field messages, keeps what was entered, and fetches changed terms", async () => {
    const terms = onApi('getTerms', TERMS);
    onApiError('createAssessment', 409, 'STALE_TERMS', 'The terms have changed. Please read and agree again.', {
      'dsmCodes.1': 'Unknown diagnosis code',
    });
    const { user } = openCreateTest();
    await chooseDiagnoses(user);
    await fillDemographics(user);

    await user.click(createButton());
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    await within(dialog).findByTestId('terms-body');
    await user.click(within(dialog).getByRole('button', { name: 'Agree and Create Test' }));

    expect(
      await screen.findByText('Create test failed: The terms have changed. Please read and agree again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Unknown diagnosis code')).toBeInTheDocument();
    expect(field('Patient Identifier')).toHaveValue('PAT-A1');
    await expect.poll(() => terms.length).toBe(2);
  });

  it('asks before going back: No keeps what was entered, Yes returns to the dashboard', async () => {
    const { user, router } = openCreateTest();
    await user.type(await screen.findByRole('textbox', { name: 'Patient Identifier' }), 'abandoned');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure you want to go back to the dashboard?' });
    expect(confirm).toHaveTextContent(
      'Test creation will be cancelled and information entered on this page cannot be recovered.',
    );
    // The safe choice has the focus first.
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'No' })).toHaveFocus());
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(field('Patient Identifier')).toHaveValue('abandoned');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /go back to the dashboard/ })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Assessments' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lists the institute default country first', async () => {
    signInAs({ ...CLINICIAN, institute: { ...CLINICIAN.institute, defaultCountry: 'NL' } });
    onApi('getCredits', someCredits(2));
    onApi('getDiagnoses', CATALOGUE);
    const { user } = renderRoute('/createtest');

    expect(await screen.findByRole('textbox', { name: 'Country' })).toHaveValue('Netherlands');
    await user.clear(field('Country'));
    await user.click(field('Country'));
    const options = await (await listOf('Country')).findAllByRole('option');
    expect(options.slice(0, 3).map((option) => option.textContent)).toEqual([
      'Netherlands',
      'Afghanistan',
      'Åland Islands',
    ]);
    expect(options).toHaveLength(250);
  });

  it('says there are no tests left and keeps Create Test disabled', async () => {
    const { user } = openCreateTest({ available: 0 });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You have no tests left. Ask your admin for more tests.',
    );
    await chooseDiagnoses(user);
    expect(createButton()).toBeDisabled();
  });
});
