import {
  answerAsPatient,
  answersFrom,
  createTestViaApi,
  expect,
  newClinicianWithTests,
  questionnaireItem,
  test,
  unique,
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

  await answerAsPatient(patient.request, created.code, answersFrom((n) => n % 4).slice(0, 25));
  await patient.request.post(`/api/patient/${created.code}/submit`);
  await patient.goto(`/test/${created.code}?lang=en-XA`);
  await expect(patient.getByRole('heading', { level: 1 })).toHaveText(/^⟦.+⟧$/);
  expect(await untranslatedTexts(patient, PATIENT_CONTENT)).toEqual([]);
});
