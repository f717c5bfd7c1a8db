import {
  answersFrom,
  completeAsPatient,
  createTestViaApi,
  expect,
  newClinicianWithTests,
  test,
  unique,
} from './helpers';

// The staff pages on a phone (390 px): a table or chart wider than the screen scrolls inside its own region, and a
// line above it says so while it does; on a desktop nothing scrolls and no such line shows.

const ANSWERS = answersFrom((n) => (n % 7 === 0 ? 3 : n % 5 === 0 ? 2 : (n * 3) % 4 === 0 ? 1 : n % 2));

test('wide tables and charts say they scroll sideways on a phone, and only there', async ({
  page,
  newPage,
  baseURL,
  request,
}) => {
  await newClinicianWithTests(page, newPage, baseURL ?? '', 'clinician-phone', 1);
  const created = await createTestViaApi(page, { patientId: unique('PAT-PHONE') });
  await completeAsPatient(request, created.code, ANSWERS);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/details/${created.id}`);
  const facets = page.getByRole('region', { name: 'Facet scores (table)' });
  await expect(facets).toBeVisible();
  // The region is narrower than its table, and the page itself does not scroll sideways.
  expect(await facets.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  const hints = page.getByTestId('scroll-hint');
  await expect(hints.first()).toHaveText('Scroll sideways to see all of it →');
  const onPhone = await hints.count();
  expect(onPhone).toBeGreaterThan(1);

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(hints).toHaveCount(0);
});
