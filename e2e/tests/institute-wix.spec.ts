import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { WIX_STACK } from '../institute-stacks';

// An app configured only through WIX_* against the Wix contract double (start-wix-stack.ts); each
// test seeds its own members and orders through the double's control endpoint.
test.use({ baseURL: WIX_STACK.appUrl });
test.describe.configure({ mode: 'serial' });

interface Member {
  id: string;
  contactId: string | null;
  loginEmail: string;
  nickname: string;
}

let counter = 0;
function newMember(overrides: Partial<Member> = {}): Member {
  counter += 1;
  const n = `${Date.now().toString(36)}${counter}`;
  return {
    id: `m-${n}`,
    contactId: `c-${n}`,
    loginEmail: `member-${n}@institute.example`,
    nickname: `Dr. Wix ${n}`,
    ...overrides,
  };
}

function paidOrder(member: Member, quantity: number) {
  counter += 1;
  return {
    id: `order-${Date.now().toString(36)}-${counter}`,
    number: String(20_000 + counter),
    createdDate: new Date().toISOString(),
    status: 'APPROVED',
    paymentStatus: 'PAID',
    buyerInfo: { contactId: member.contactId, memberId: member.id },
    lineItems: [
      {
        id: `line-${counter}`,
        quantity,
        productName: { original: 'PID-5 assessment' },
        catalogReference: { catalogItemId: WIX_STACK.productId },
      },
    ],
  };
}

async function control(request: APIRequestContext, command: Record<string, unknown>): Promise<void> {
  const response = await request.post(`${WIX_STACK.doubleUrl}/__control`, { data: command });
  expect(response.ok()).toBe(true);
}

async function signInWithWix(page: Page, member: Member): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Wix site login' })).toBeVisible();
  await page.getByRole('button', { name: `Log in as ${member.nickname} (${member.loginEmail})` }).click();
}

test('paid orders become tests available; a refunded order lowers it at the next sign-in', async ({
  page,
  request,
}) => {
  const member = newMember();
  const first = paidOrder(member, 3);
  const second = paidOrder(member, 2);
  await control(request, { members: [member], orders: [first, second] });

  await signInWithWix(page, member);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('header-username')).toHaveText(member.nickname);
  await expect(page.getByText('Tests Available: 5')).toBeVisible();

  await control(request, { orders: [{ ...second, paymentStatus: 'FULLY_REFUNDED' }] });
  // Logout goes through the Wix site's logout page and back to our /login.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${WIX_STACK.appUrl}/login`);
  await signInWithWix(page, member);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Tests Available: 3')).toBeVisible();
});

test("an admin's 'Sync orders' picks up a new purchase", async ({ browser, page, request }) => {
  const clinician = newMember();
  await control(request, { members: [clinician], orders: [paidOrder(clinician, 1)] });
  const clinicianContext = await browser.newContext({ baseURL: WIX_STACK.appUrl });
  const clinicianPage = await clinicianContext.newPage();
  await signInWithWix(clinicianPage, clinician);
  await expect(clinicianPage.getByText('Tests Available: 1')).toBeVisible();

  const admin = newMember({ loginEmail: WIX_STACK.adminEmail });
  await control(request, { members: [admin], orders: [paidOrder(clinician, 4)] });
  await signInWithWix(page, admin);
  await expect(page.getByTestId('header-role')).toHaveText('Admin');
  await page.goto('/admin/credits');
  await page.getByRole('button', { name: 'Sync orders' }).click();
  await expect(page.getByText(/Synced \d+ clinicians?: 1 new purchase, 0 refunds\./)).toBeVisible();

  await clinicianPage.reload();
  await expect(clinicianPage.getByText('Tests Available: 5')).toBeVisible();
  await clinicianContext.close();
});

test('a member without a contact id sees "You do not have access to this page"', async ({ page, request }) => {
  const member = newMember({ contactId: null });
  await control(request, { members: [member] });
  await signInWithWix(page, member);
  await expect(page).toHaveURL(/\/login\?error=no_access$/);
  await expect(page.getByRole('alert')).toContainText('You do not have access to this page');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('a callback with a wrong state is refused', async ({ page, request }) => {
  const member = newMember();
  await control(request, { members: [member], faults: { wrongState: true } });
  try {
    await signInWithWix(page, member);
    await expect(page).toHaveURL(/\/login\?error=callback$/);
    await expect(page.getByRole('alert')).toContainText(
      'Error verifying login from the institute, this is a known issue. Please wait a minute and try again.',
    );
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
  } finally {
    await control(request, { faults: { wrongState: false } });
  }
});
