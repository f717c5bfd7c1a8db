import {
  answerAsPatient,
  answersFrom,
  createTestViaApi,
  expect,
  newClinicianWithTests,
  questionnaireItem,
  test,
  unique,
  ordinaryAnswer,
} from './helpers';
import { clippedLayout, untranslatedTexts } from './language-checks';

// The pseudo-locale (`?lang=en-XA`) wraps every catalogue message in ⟦ ⟧ and lengthens it by about a third: any text
// without the brackets was written into a component, and a layout that held English may break with longer words.

/**
 * Content that is not the product's wording: the consent document, the item set, the link, and the languages'
 * own names in the language switch (never translated, so each reader finds theirs).
 */
const PATIENT_CONTENT = [
  '.consent-text',
  '.items legend',
  '.option-label',
  '.item-set-note',
  '.link-box',
  '.language-switch select',
];

test('the patient pages show only catalogue text, and nothing is cut off on a phone', async ({
  page,
  newPage,
  baseURL,
}) => {
  await newClinicianWithTests(page, newPage, baseURL ?? '', 'clinician-pseudo', 1);
  const created = await createTestViaApi(page, { patientId: unique('PAT-PSEUDO'), form: 'BF' });
  const patient = await newPage({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });

  await patient.goto(`/consent/${created.code}?lang=en-XA`);
  await expect(patient.getByRole('heading', { level: 1 })).toHaveText(/^⟦.+⟧$/);
  expect(await untranslatedTexts(patient, PATIENT_CONTENT)).toEqual([]);
  expect(await clippedLayout(patient)).toEqual({ pageOverflow: 0, clipped: [] });

  await patient.getByRole('button', { name: /⟦/ }).click();
  await expect(questionnaireItem(patient, 25)).toBeAttached();
  expect(await untranslatedTexts(patient, PATIENT_CONTENT)).toEqual([]);
  expect(await clippedLayout(patient)).toEqual({ pageOverflow: 0, clipped: [] });

  // The save-and-come-back dialog and the finished page.
  await patient.locator('.progress-actions button').nth(1).click();
  await expect(patient.getByRole('dialog')).toBeVisible();
  expect(await untranslatedTexts(patient, PATIENT_CONTENT)).toEqual([]);
  await patient.keyboard.press('Escape');

  await answerAsPatient(patient.request, created.code, answersFrom(ordinaryAnswer).slice(0, 25));
  await patient.request.post(`/api/patient/${created.code}/submit`);
  await patient.goto(`/test/${created.code}?lang=en-XA`);
  await expect(patient.getByRole('heading', { level: 1 })).toHaveText(/^⟦.+⟧$/);
  expect(await untranslatedTexts(patient, PATIENT_CONTENT)).toEqual([]);
});

/**
 * Data shown as it is stored or as Intl writes it (names, identifiers, codes, dates), and the languages' own names,
 * which are never translated.
 */
const STAFF_CONTENT = [
  '[data-testid="header-username"]',
  '[data-testid="header-avatar"]',
  'button[aria-haspopup="menu"]',
  '[data-testid="patient-id"]',
  // A picker's options list stored data (colleagues' names); its fixed choices are checked in German by the web tests.
  '[role="option"]',
  // Data in English marked as such (the diagnosis catalogue's descriptions, sources as published).
  '[lang="en"]',
];
const DATE_OR_DATA =
  /^(English|Deutsch|\w{3} \d{1,2}, \d{4}(, [\d:]+)?|PAT-PSEUDO-\S+|clinician-pseudo-\S+|[A-Z]\d{2}(\.\d+)?)$/;

test('the staff pages show only catalogue text, and nothing is cut off, on a wide screen and a phone', async ({
  page,
  newPage,
  baseURL,
}) => {
  await newClinicianWithTests(page, newPage, baseURL ?? '', 'clinician-pseudo', 2);
  const patientId = unique('PAT-PSEUDO');
  const created = await createTestViaApi(page, { patientId, form: 'BF' });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/dashboard', '/createtest', `/details/${created.id}`]) {
      await page.goto(`${path}?lang=en-XA`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^⟦.+⟧$/);
      await page.waitForLoadState('networkidle');
      const left = (await untranslatedTexts(page, STAFF_CONTENT)).filter((text) => !DATE_OR_DATA.test(text));
      expect(left, `${path} at ${width} px`).toEqual([]);
      expect((await clippedLayout(page)).pageOverflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
});
