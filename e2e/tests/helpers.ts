import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type APIResponse,
  type BrowserContextOptions,
  type Download,
  type Page,
} from '@playwright/test';

export const DEMO = {
  admin: 'Dr. Ada Admin',
  clinicianA: 'Dr. Carl Clinician',
  clinicianB: 'Dr. Dana Doctor',
} as const;

/**
 * Signs in through the real redirect flow: our Login button → the development provider's member list (the bundled
 * one, or one a test started) → back to the dashboard. `name` is matched as text, whatever characters it holds.
 */
export async function signInAsDemo(page: Page, name: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  // The click waits on three servers in turn (the app's /auth/login asks the provider whether it answers, stores the
  // pending login, redirects; the provider draws its page) while the browser keeps showing /login: with both cores
  // busy this chain alone took over 10 s, which once failed the demo admin's sign-in.
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible({ timeout: 45_000 });
  // The button reads 'Sign in as <name> (<role>)': the '(' ends the name, so a longer name that starts alike differs.
  await page.getByRole('button', { name: `Sign in as ${name} (` }).click();
  // The way back is as long (the callback exchanges the code with the provider, stores the session, redirects twice):
  // it stayed on /auth/callback past 15 s once, with the machine loaded six times over.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 45_000 });
  await expect(page.getByTestId('header-username')).toHaveText(name);
}

// ---------------------------------------------------------------------------------------------------------------
// Fixtures: more people in one test (a clinician, an admin, a patient), each in their own browser context.

export const test = base.extend<{
  /** A page in a new browser context (its own cookies and storage), closed after the test. */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
}>({
  newPage: async ({ browser, baseURL }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ baseURL, ...options });
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});
export { expect };

/** The demo admin, signed in, in a browser context of their own (from the `newPage` fixture). */
export async function openAdmin(newPage: (options?: BrowserContextOptions) => Promise<Page>): Promise<Page> {
  const admin = await newPage();
  await signInAsDemo(admin, DEMO.admin);
  return admin;
}

/** A name no other test (or earlier run) uses: `prefix-<time><random>`, letters, digits and '-' only. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Local accounts.

export const PASSWORD = 'correct horse battery staple';

export interface LocalUser {
  id: string;
  username: string;
  password: string;
}

/**
 * Registers a local account the way a clinician's own machine would: `POST /auth/local/register` from a loopback
 * address of its own (127.x.y.z). The server allows 5 registrations a minute per address (a real limit we keep);
 * journeys that each make their own users would pass it from one address, so every registration here comes from a
 * different one. The browser's own registration form is covered from 127.0.0.1 (sign-in and clinician journeys).
 */
async function registerLocalAccount(baseURL: string, username: string, password = PASSWORD): Promise<void> {
  const target = new URL('/auth/local/register', baseURL);
  const octet = () => 1 + Math.floor(Math.random() * 254);
  const body = JSON.stringify({ username, password });
  const response = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(
      {
        host: target.hostname === 'localhost' ? '127.0.0.1' : target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress: `127.${octet()}.${octet()}.${octet()}`,
        headers: { host: target.host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
  expect(response.status, `registering ${username}: ${response.text}`).toBe(201);
}

/** Logs `page`'s browser context in with a local account (the session cookie lands in the context). */
async function logInLocal(page: Page, username: string, password = PASSWORD): Promise<LocalUser> {
  await expectOk(await page.request.post('/auth/local/login', { data: { username, password } }));
  const me = (await (await expectOk(await page.request.get('/api/me'))).json()) as { id: string; username: string };
  expect(me.username).toBe(username);
  return { id: me.id, username, password };
}

/** A brand-new clinician (local account on the server at `baseURL`), signed in in `page`'s context. */
export async function newClinician(page: Page, baseURL: string, prefix = 'clin'): Promise<LocalUser> {
  const username = unique(prefix);
  await registerLocalAccount(baseURL, username);
  return logInLocal(page, username);
}

/** A brand-new clinician signed in in `page`'s context, with `quantity` tests granted by an admin in a page of its own. */
export async function newClinicianWithTests(
  page: Page,
  newPage: (options?: BrowserContextOptions) => Promise<Page>,
  baseURL: string,
  prefix: string,
  quantity: number,
): Promise<LocalUser> {
  const clinician = await newClinician(page, baseURL, prefix);
  const admin = await openAdmin(newPage);
  await grantTests(admin, clinician.id, quantity);
  await admin.close();
  return clinician;
}

export async function expectOk(response: APIResponse): Promise<APIResponse> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response;
}

// ---------------------------------------------------------------------------------------------------------------
// Seeding through the API (as the app's own pages call it).

/** As an admin (page signed in as one): grants `quantity` tests to a user. */
export async function grantTests(admin: Page, clinicianId: string, quantity: number, note?: string): Promise<void> {
  await expectOk(await admin.request.post('/api/admin/credits', { data: { clinicianId, quantity, note } }));
}

export interface CreatedTest {
  id: number;
  testLink: string;
  code: string;
}

interface NewTestFields {
  patientId: string;
  age?: number;
  gender?: 'Male' | 'Female' | 'Diverse' | 'Unspecified';
  race?: string;
  country?: string;
  postalCode?: string;
  dsmCodes?: string[];
  primaryDsm?: string;
  /** The form to give; the server's default (DEFAULT_FORM) without it. */
  form?: 'FULL' | 'SF' | 'BF' | 'BFM';
  /** The test's language; the server's default (DEFAULT_TEST_LANGUAGE) without it. */
  language?: string;
}

export async function currentTermsId(page: Page): Promise<number> {
  const terms = (await (await expectOk(await page.request.get('/api/documents/terms'))).json()) as { id: number };
  return terms.id;
}

/** `POST /api/assessments` as the signed-in user of `page` (uses one of their tests). */
export async function createTestViaApi(page: Page, fields: NewTestFields, termsId?: number): Promise<CreatedTest> {
  const dsmCodes = fields.dsmCodes ?? ['F60.3', 'F41.1'];
  const response = await page.request.post('/api/assessments', {
    data: {
      age: fields.age ?? 30,
      gender: fields.gender ?? 'Unspecified',
      race: fields.race ?? 'Unspecified',
      country: fields.country ?? 'Canada',
      postalCode: fields.postalCode ?? 'K1A 0B1',
      patientId: fields.patientId,
      dsmCodes,
      primaryDsm: fields.primaryDsm ?? dsmCodes[0],
      termsId: termsId ?? (await currentTermsId(page)),
      ...(fields.form ? { form: fields.form } : {}),
      ...(fields.language ? { language: fields.language } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const created = (await response.json()) as { id: number; testLink: string };
  return { ...created, code: codeOf(created.testLink) };
}

/** The link code at the end of a patient link (`…/test/{code}`). */
export function codeOf(testLink: string): string {
  const code = /\/test\/([A-Za-z0-9_-]+)$/.exec(testLink)?.[1];
  if (!code) {
    throw new Error(`not a test link: ${testLink}`);
  }
  return code;
}

const ORDINARY_ANSWERS = [0, 1, 1, 2, 0, 1, 0, 1, 1, 0, 2, 1, 0] as const;

/**
 * The answer of an ordinary protocol to item n: valid on every form. It repeats only every 13 statements, as a
 * cycle of 2-8 answers repeated (0, 1, 2, 3 in turn) is "not interpretable" by the response-pattern screen.
 */
export function ordinaryAnswer(item: number): number {
  return ORDINARY_ANSWERS[(item * item + 3 * item) % ORDINARY_ANSWERS.length] ?? 0;
}

/** 220 answers, item 1 first, from a rule item → 0-3. */
export function answersFrom(rule: (item: number) => number): string {
  return Array.from({ length: 220 }, (_, i) => String(rule(i + 1))).join('');
}

/** As the patient (no session, only the link): accept consent and save `answers` ('9' = leave unanswered). */
export async function answerAsPatient(request: APIRequestContext, code: string, answers: string): Promise<void> {
  const path = `/api/patient/${code}`;
  const state = (await (await expectOk(await request.get(path))).json()) as { status: string };
  if (state.status === 'consent-required') {
    const consent = (await (await expectOk(await request.get(`${path}/consent`))).json()) as { id: number };
    await expectOk(await request.post(`${path}/consent`, { data: { consentId: consent.id } }));
  }
  const batch = [...answers]
    .map((value, index) => ({ item: index + 1, value: Number(value) }))
    .filter((answer) => answer.value >= 0 && answer.value <= 3);
  if (batch.length > 0) {
    await expectOk(await request.post(`${path}/answers`, { data: { answers: batch } }));
  }
}

/** As the patient: consent, all 220 answers in one batch, submit. */
export async function completeAsPatient(request: APIRequestContext, code: string, answers: string): Promise<void> {
  await answerAsPatient(request, code, answers);
  await expectOk(await request.post(`/api/patient/${code}/submit`));
}

interface PatientState {
  status: string;
  answers: string;
  answeredCount: number;
  dueAt: string;
}

export async function patientState(request: APIRequestContext, code: string): Promise<PatientState> {
  return (await (await expectOk(await request.get(`/api/patient/${code}`))).json()) as PatientState;
}

// ---------------------------------------------------------------------------------------------------------------
// What the user sees.

/** The spec's answer labels (§3), as the patient page shows them for items without their own labels. */
export const ANSWER_LABELS = [
  'Very False or Often False',
  'Sometimes or Somewhat False',
  'Sometimes or Somewhat True',
  'Very True or Often True',
] as const;

/** Item `n` of the questionnaire: its fieldset, named '#n - text'. */
export function questionnaireItem(page: Page, n: number) {
  return page.getByRole('group', { name: new RegExp(`^#${n} - `) });
}

/** A date as the staff pages print it ('Mar 4, 2026' in the browser's locale and time zone). */
export async function formatDateInPage(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (value) =>
      new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(value)),
    iso,
  );
}

/** A score as the results pages and the report print it: two decimals, U+2212 for negatives, '—' for none. */
export function formatScoreText(value: number | null): string {
  if (value === null || !Number.isFinite(value)) {
    return '—';
  }
  const fixed = Math.abs(value).toFixed(2);
  return value < 0 && fixed !== '0.00' ? `\u2212${fixed}` : fixed;
}

/**
 * What axe-core (every rule it runs by default: WCAG 2.x A/AA and best practices) finds on the page as it is, a line
 * per rule. Legacy mode runs axe in the page itself instead of opening a blank page to gather each run's results:
 * the same findings (the app has no frames) in a third of the time.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}) ×${violation.nodes.length}: ${violation.help} at ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
}

/** axe-core finds nothing on the page as it is. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const found = await axeViolations(page);
  expect(found, `axe-core violations on ${what}`).toEqual([]);
}

// ---------------------------------------------------------------------------------------------------------------
// Files: CSV and PDF.

/** Starts a download with `start` and reads the downloaded file. */
export async function downloadText(
  page: Page,
  start: () => Promise<void>,
): Promise<{ download: Download; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await start();
  const download = await downloading;
  return { download, bytes: await readFile(await download.path()) };
}

/** The records of a downloaded CSV, after checking its UTF-8 byte-order mark (for spreadsheet programs). */
export function csvRecords(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(bytes.subarray(3).toString('utf8'));
}

/** RFC 4180 records (quoted fields, doubled quotes, CRLF); the byte-order mark must be stripped first. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

const run = promisify(execFile);

/** The text of a PDF (or of one page) with poppler's pdftotext, laid out as on the page. */
export async function pdfText(file: string, page?: number): Promise<string> {
  const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', ...pages, file, '-']);
  return stdout;
}

export async function pdfPageCount(file: string): Promise<number> {
  const { stdout } = await run('pdfinfo', [file]);
  const pages = /^Pages:\s+(\d+)$/m.exec(stdout)?.[1];
  if (!pages) {
    throw new Error(`pdfinfo gave no page count: ${stdout}`);
  }
  return Number(pages);
}

/** The text of every drawn badge or button whose words do not fit (clipped or ended with an ellipsis). */
export function wordsCutOff(): string[] {
  const cutOff: string[] = [];
  const parts: [string, string][] = [
    ['.mantine-Badge-root', '.mantine-Badge-label'],
    ['.mantine-Button-root', '.mantine-Button-label'],
  ];
  for (const [rootSelector, labelSelector] of parts) {
    for (const root of Array.from(document.querySelectorAll(rootSelector)) as HTMLElement[]) {
      if (root.getClientRects().length === 0) {
        continue;
      }
      for (const element of [root, ...(Array.from(root.querySelectorAll(labelSelector)) as HTMLElement[])]) {
        const style = getComputedStyle(element);
        const clips = style.overflow !== 'visible' || style.overflowX !== 'visible';
        const overflows =
          element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
        if ((clips && overflows) || (style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap' && clips)) {
          cutOff.push(`"${root.textContent?.trim() ?? ''}"`);
          break;
        }
      }
    }
  }
  return cutOff;
}
