import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { E2E_ACCOUNTS } from './config';
import { asAdmin, asCustomer, expect, test } from './fixtures';
import {
  ADMIN_MENU,
  closeAlert,
  keepScreenshot,
  openMenuIfPhone,
  registerViaApi,
  seededPartId,
  signInViaApi,
  uniqueEmail,
  waitForMailLink,
} from './helpers';

const PHOTO = path.resolve('e2e', 'fixtures', 'test-photo.png');

async function logOut(page: Page, testInfo: TestInfo) {
  await openMenuIfPhone(page, testInfo);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'LogOut' }).click();
  await expect(page).toHaveURL(/\/$/);
  await openMenuIfPhone(page, testInfo);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
}

async function fillLogin(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

test.describe('accounts', () => {
  test('register, verify the email from the received message, log out, log in and return to the page of origin', async ({
    page,
    browser,
  }, testInfo) => {
    await page.goto(`/parts/${await seededPartId(page.request)}`);
    const partUrl = page.url();
    await openMenuIfPhone(page, testInfo);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/register\?callbackUrl=/);

    const email = uniqueEmail('reg', testInfo);
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Name').fill('Regina Register');
    await form.getByLabel('Email').fill(email);
    const password = form.getByLabel('Password', { exact: true });
    await password.fill('first-pass-1');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await form.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(partUrl);
    const banner = page.getByRole('region', { name: 'Email verification' });
    await expect(banner).toContainText(email);

    const link = await waitForMailLink(email, /Verify your email/, '/verify-email?token=');
    // Opened signed out (another browser, or a mail scanner), the link verifies nothing: it asks for the password.
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto(link);
    const confirm = other.getByRole('form', { name: 'Verify your email' });
    await expect(confirm).toContainText(email);
    await confirm.getByLabel('Password', { exact: true }).fill('not-my-pass-1');
    await confirm.getByRole('button', { name: 'Verify email' }).click();
    await expect(confirm.getByRole('alert')).toHaveText('This is not the password of this account');
    await elsewhere.close();
    await page.reload();
    await expect(banner).toContainText(email);

    // Opened in the browser signed in to the account, one press confirms.
    await page.goto(link);
    const verify = page.getByRole('form', { name: 'Verify your email' });
    await expect(verify.getByLabel('Password', { exact: true })).toHaveCount(0);
    await verify.getByRole('button', { name: 'Verify email' }).click();
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
    await expect(banner).toHaveCount(0);

    await logOut(page, testInfo);
    await page.goto(partUrl);
    await openMenuIfPhone(page, testInfo);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await fillLogin(page, email, 'first-pass-1');
    await expect(page).toHaveURL(partUrl);
    await openMenuIfPhone(page, testInfo);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });

  test('the navbar Login link brings the user back to the page it was clicked on', async ({ page }, testInfo) => {
    await page.goto('/blogs');
    await openMenuIfPhone(page, testInfo);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fblogs$/);
    await fillLogin(page, E2E_ACCOUNTS.customer.email, E2E_ACCOUNTS.customer.password);
    await expect(page).toHaveURL(/\/blogs$/);
  });

  test('forgot password: the info toast, the emailed reset link, and sign-in with the new password', async ({ page }, testInfo) => {
    const account = await registerViaApi(page.request, testInfo, 'Forgetful Fred');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Email Sended, Check inbox or spam folder')).toBeVisible();

    const link = await waitForMailLink(account.email, /Reset your password/, '/reset-password');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await fillLogin(page, account.email, account.password);
    await expect(page.getByText('Wrong email or password')).toBeVisible();
    await fillLogin(page, account.email, 'brand-new-pass');
    await expect(page).toHaveURL(/\/$/);

    // The link works only once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another-pass');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('This link was already used, please ask for a new one')).toBeVisible();
  });

  test('the forgot-password toast is the same for an unknown email', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('dialog').getByLabel('Email').fill('nobody-at-all@example.com');
    await page.getByRole('dialog').getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Email Sended, Check inbox or spam folder')).toBeVisible();
  });

  test("the spec's validation messages on register and login, and the provider error toast", async ({ page }, testInfo) => {
    await page.goto('/register');
    const register = page.getByRole('form', { name: 'Register' });
    await register.getByRole('button', { name: 'Register' }).click();
    for (const message of ['Name is Required', 'Email is Required', 'Password is Required'])
      await expect(page.getByText(message)).toBeVisible();
    await register.getByLabel('Email').fill('someone@nowhere');
    await register.getByLabel('Password', { exact: true }).fill('12345');
    await register.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Provide a valid Email')).toBeVisible();
    await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    await expect(page.getByText('Google sign-in is not configured on this shop.')).toBeVisible();

    await page.goto('/login');
    await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email is Required')).toBeVisible();
    await expect(page.getByText('Password is Required')).toBeVisible();
    await fillLogin(page, E2E_ACCOUNTS.customer.email, 'not-the-password');
    await expect(page.getByText('Wrong email or password')).toBeVisible();
    await keepScreenshot(page, testInfo, 'login');

    // A duplicate email on register gets the error toast.
    await page.goto('/register');
    await register.getByLabel('Name').fill('Copy Cat');
    await register.getByLabel('Email').fill(E2E_ACCOUNTS.customer.email);
    await register.getByLabel('Password', { exact: true }).fill('secret123');
    await register.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('An account with this email already exists, please log in')).toBeVisible();
  });
});

test.describe('links cannot put their own words on the shop', () => {
  test('the login and verification pages show only their own messages', async ({ page }) => {
    await page.goto('/login?error=Your%20account%20is%20locked%2C%20call%20555-0100');
    await expect(page.getByText('Sign-in failed, please try again')).toBeVisible();
    await expect(page.getByText(/call 555-0100/)).toHaveCount(0);
    await page.goto('/verify-email?status=used&message=Send%20your%20card%20number%20to%20us');
    await expect(page.getByRole('status')).toHaveText('This link was already used, please ask for a new one');
    await expect(page.getByText(/card number/)).toHaveCount(0);
  });
});

test.describe('route guards', () => {
  test('a visitor opening the dashboard goes to /login and comes back after signing in', async ({ page }) => {
    await page.goto('/dashboard/myProfile');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2FmyProfile$/);
    await fillLogin(page, E2E_ACCOUNTS.customer.email, E2E_ACCOUNTS.customer.password);
    await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
  });

  test.describe('as a customer', () => {
    test.use(asCustomer);

    for (const adminPage of ['makeAdmin', 'manageOrders', 'manageProducts', 'addProduct', 'manageReviews']) {
      test(`on /dashboard/${adminPage}: the alert, signed out, sent to /login`, async ({ page }) => {
        await page.goto(`/dashboard/${adminPage}`);
        await expect(page.getByRole('dialog')).toContainText("UnAuthorized Access, You can't access Admin route !!");
        await closeAlert(page);
        await expect(page).toHaveURL(/\/login$/);
        const session = await (await page.request.get('/api/auth/session')).json();
        expect(session).toEqual({});
      });
    }

    test('the dashboard menu: My Orders, Add a Review, My Garage, My Addresses and My Profile', async ({ page }, testInfo) => {
      await page.goto('/dashboard');
      const menu = page.getByRole('navigation', { name: 'Dashboard' });
      await expect(menu.getByRole('link')).toHaveText(['My Orders', 'Add a Review', 'My Garage', 'My Addresses', 'My Profile']);
      await keepScreenshot(page, testInfo, 'dashboard-customer');
    });
  });

  test.describe('as an admin', () => {
    test.use(asAdmin);

    test("the dashboard menu: the overview, the spec's five admin pages, the audit log and My Profile", async ({ page }) => {
      await page.goto('/dashboard');
      const menu = page.getByRole('navigation', { name: 'Dashboard' });
      await expect(menu.getByRole('link')).toHaveText(ADMIN_MENU);
      await menu.getByRole('link', { name: 'Make Admin' }).click();
      await expect(page).toHaveURL(/\/dashboard\/makeAdmin$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });
});

test.describe('profile', () => {
  test('add a profile with an uploaded image, then update it', async ({ page }, testInfo) => {
    const account = await registerViaApi(page.request, testInfo, 'Priya Profile');
    await signInViaApi(page.request, account);

    await page.goto('/dashboard/myProfile');
    await page.getByRole('link', { name: 'Add Profile' }).click();
    await expect(page).toHaveURL(/\/dashboard\/addProfile$/);
    const form = page.getByRole('form', { name: 'Profile' });
    await expect(form.getByLabel('Name')).toHaveValue('Priya Profile');
    await expect(form.getByLabel('Name')).toBeDisabled();
    await expect(form.getByLabel('Email')).toHaveValue(account.email);
    await expect(form.getByLabel('Email')).toBeDisabled();

    await form.getByRole('button', { name: 'Add Profile' }).click();
    for (const message of ['Education is Required', 'Image is Required', 'District is Required', 'City is Required', 'Phone is Required']) {
      await expect(page.getByText(message)).toBeVisible();
    }

    await form.getByLabel('Education').fill('HND Motor Vehicle Engineering');
    await form.getByLabel('District').fill('Headingley');
    await form.getByLabel('City').fill('Leeds');
    await form.getByLabel('Phone').fill('+44 113 496 0111');
    await form.getByLabel('LinkedIn link (optional)').fill('https://www.linkedin.com/in/priya');
    await form.getByLabel('Image').setInputFiles(PHOTO);
    await expect(form.getByRole('img', { name: 'Uploaded image preview' })).toBeVisible();
    await form.getByRole('button', { name: 'Add Profile' }).click();
    await expect(page.getByRole('dialog')).toContainText('Your Profile was added');
    await closeAlert(page);

    await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
    await expect(page.getByText('Already Added Profile')).toBeVisible();
    for (const value of ['Priya Profile', account.email, 'HND Motor Vehicle Engineering', 'Headingley', 'Leeds', '+44 113 496 0111']) {
      await expect(page.getByRole('article').getByRole('definition').getByText(value, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', 'https://www.linkedin.com/in/priya');
    await expect(page.getByRole('img', { name: 'Photo of Priya Profile' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'my-profile');

    await page.getByRole('link', { name: 'update Profile' }).click();
    await expect(form.getByLabel('City')).toHaveValue('Leeds');
    await form.getByLabel('City').fill('York');
    await form.getByLabel('Image').setInputFiles(PHOTO);
    await expect(page.getByText('Uploading…')).toHaveCount(0);
    await form.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByRole('dialog')).toContainText('Your profile was updated');
    await closeAlert(page);
    await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
    await expect(page.getByRole('article').getByRole('definition').getByText('York', { exact: true })).toBeVisible();
  });

  test('an upload that is not an image shows why', async ({ page }, testInfo) => {
    const account = await registerViaApi(page.request, testInfo);
    await signInViaApi(page.request, account);
    await page.goto('/dashboard/addProfile');
    await page
      .getByRole('form', { name: 'Profile' })
      .getByLabel('Image')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
    await expect(page.getByText('Only JPEG, PNG, WebP or GIF images can be uploaded')).toBeVisible();
  });
});
