/**
 * Accounts: sign-up, phone verification with the code from the development outbox, log-out and log-in,
 * profile edits and the guest cart joining the account, the three-step password reset, the startup token check, and
 * Google sign-in against the stand-in key set playwright.config.ts gives the API.
 *
 * Every test comes from its own client address (X-Forwarded-For, believed from this machine: TRUST_PROXY=loopback), so the
 * API's per-address limits on sign-ups and code sends count each test apart.
 */
import { createPrivateKey, randomInt, sign } from 'node:crypto';
import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import type { AuthProviders, AuthResponse, Cart } from '@attar/contract';
import { findProduct, productName } from '../support/api';
import { expect, test as base } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { currentPath, escapeRegExp, readLocalStorage, settle, toast, visit } from '../support/storefront';
import { codeSentTo, outbox } from '../support/shoppers';
import { API_URL } from '../support/urls';

const TOKEN_KEY = 'token';
const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';

const test = base.extend<{ clientAddress: string; api: APIRequestContext }>({
  clientAddress: async ({}, use) => use(`10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`),
  api: async ({ playwright, clientAddress }, use) => {
    const api = await playwright.request.newContext({ baseURL: API_URL, extraHTTPHeaders: { 'X-Forwarded-For': clientAddress } });
    await use(api);
    await api.dispose();
  },
  context: async ({ context, clientAddress }, use) => {
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress });
    // No test reaches the internet: Google's script is refused unless a test puts its stand-in there.
    await context.route(GOOGLE_SCRIPT, (route) => route.abort());
    await use(context);
  },
});

type Shopper = { name: string; email: string; phone: string; phoneE164: string; password: string };

function newShopper(lang: Lang): Shopper {
  const id = `${Date.now().toString(36)}${randomInt(1e6).toString(36)}`;
  const phone = `01${[0, 1, 2, 5][randomInt(4)]}${String(randomInt(1e8)).padStart(8, '0')}`;
  return {
    name: lang.code === 'ar' ? 'سارة أحمد' : 'Sara Ahmed',
    email: `shopper-${id}@example.com`,
    phone,
    phoneE164: `+20${phone.slice(1)}`,
    password: `Scent-${id}!`,
  };
}

async function signUpThroughApi(api: APIRequestContext, shopper: Shopper): Promise<AuthResponse> {
  const response = await api.post('/api/users/me/', {
    data: { name: shopper.name, email: shopper.email, phone: shopper.phone, password: shopper.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as AuthResponse;
}

/** Header shortcuts on wide screens, the bottom bar on phones: where PROFILE and FAVORITES lead. */
async function expectSession(page: Page, lang: Lang, signedIn: boolean): Promise<void> {
  const narrow = (page.viewportSize()?.width ?? 1280) < 768;
  const bar = page.getByRole('navigation', { name: lang.t('a11y.bottomNav') });
  const header = page.getByRole('banner');
  const account = narrow
    ? bar.getByRole('link', { name: lang.t('bottomBar.profile'), exact: true })
    : header.getByRole('link', { name: lang.t(signedIn ? 'header.profile' : 'header.login'), exact: true });
  const favourites = narrow
    ? bar.getByRole('link', { name: lang.t('bottomBar.favourites'), exact: true })
    : header.getByRole('link', { name: lang.t('header.favorites'), exact: true });
  await expect(account).toHaveAttribute('href', lang.path(signedIn ? '/profile' : '/login'));
  await expect(favourites).toHaveAttribute('href', lang.path(signedIn ? '/favourite' : '/login'));
}

/** A field by its label, as a screen reader names it (password inputs have no textbox role). */
const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

async function logIn(page: Page, lang: Lang, identifier: string, password: string): Promise<void> {
  await field(page, lang.t('account.fields.identifier')).fill(identifier);
  await field(page, lang.t('account.fields.password')).fill(password);
  await page
    .getByRole('main')
    .getByRole('button', { name: lang.t('account.login.submit'), exact: true })
    .click();
}

async function expectPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => currentPath(page)).toBe(path);
}

/** A signed ID token as Google would issue it, signed with the run's stand-in key (see playwright.config.ts). */
function googleIdToken(clientId: string, claims: Record<string, unknown>): string {
  const jwk = process.env.ATTAR_E2E_GOOGLE_KEY;
  if (!jwk) throw new Error('ATTAR_E2E_GOOGLE_KEY is unset: run the browser tests through playwright.config.ts');
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'RS256', kid: 'attar-e2e', typ: 'JWT' })}.${encode({
    iss: 'https://accounts.google.com',
    aud: clientId,
    iat: now,
    exp: now + 600,
    email_verified: true,
    ...claims,
  })}`;
  const signature = sign('sha256', Buffer.from(unsigned), createPrivateKey({ key: JSON.parse(jwk), format: 'jwk' }));
  return `${unsigned}.${signature.toString('base64url')}`;
}

/**
 * Stands in for Google Identity Services: draws a button for the expected client id only, and clicking it hands the
 * page's callback the ID token, as Google's pop-up would.
 */
function googleIdentityStandIn(clientId: string, idToken: string): string {
  return `(() => {
    let config = null;
    window.google = { accounts: { id: {
      initialize(options) { config = options; },
      renderButton(parent) {
        if (!config || config.client_id !== ${JSON.stringify(clientId)}) return;
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Sign in with Google';
        button.addEventListener('click', () => config.callback({ credential: ${JSON.stringify(idToken)}, select_by: 'btn' }));
        parent.appendChild(button);
      },
    } } };
  })();`;
}

for (const lang of ALL_LANGS) {
  test(`${lang.code}: sign up, verify the phone, log out, log in with the guest cart, edit the profile`, async ({
    page,
    api,
    catalogue,
  }) => {
    test.slow();
    const shopper = newShopper(lang);
    const main = page.getByRole('main');

    await visit(page, lang, '/login');
    await expect(page).toHaveTitle(`${lang.t('account.meta.loginTitle')} | ${lang.t('meta.siteName')}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', lang.t('account.meta.loginDescription'));
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(lang.t('account.login.heading'));
    await expectSession(page, lang, false);

    // Sign-up: every field is required, with '{label} is required' linked to the field.
    await main.getByRole('tab', { name: lang.t('account.login.signUpTab') }).click();
    await expect(main.getByRole('tab', { name: lang.t('account.login.signUpTab') })).toHaveAttribute('aria-selected', 'true');
    await main.getByRole('button', { name: lang.t('account.signUp.submit') }).click();
    const nameField = field(main, lang.t('account.fields.name'));
    const required = (label: string) => lang.t('account.form.required', { label: lang.t(`account.fields.${label}`) });
    await expect(nameField).toBeFocused();
    await expect(nameField).toHaveAttribute('aria-invalid', 'true');
    await expect(nameField).toHaveAccessibleDescription(required('name'));
    for (const name of ['email', 'phone', 'password']) await expect(main.getByText(required(name), { exact: true })).toBeVisible();
    if (lang.code === 'en') {
      await expect(main.locator('label', { hasText: lang.t('account.fields.name') })).toHaveCSS('text-transform', 'uppercase');
    }

    await nameField.fill(shopper.name);
    await field(main, lang.t('account.fields.email')).fill(shopper.email);
    const phoneField = field(main, lang.t('account.fields.phone'));
    await phoneField.fill('0123');
    await field(main, lang.t('account.fields.password')).fill(shopper.password);
    await main.getByRole('button', { name: lang.t('account.signUp.submit') }).click();
    await expect(phoneField).toHaveAccessibleDescription(new RegExp(escapeRegExp(lang.t('account.form.invalidPhone'))));
    await phoneField.fill(shopper.phone);
    await main.getByRole('button', { name: lang.t('account.signUp.submit') }).click();

    await expect(toast(page, 'success', lang.t('account.signUp.created', { name: shopper.name }))).toBeVisible();
    await expectPath(page, lang.path('/profile'));
    await expect(page).toHaveTitle(`${lang.t('account.meta.profileTitle')} | ${lang.t('meta.siteName')}`);
    expect(await readLocalStorage(page, TOKEN_KEY)).toBeTruthy();
    await expectSession(page, lang, true);
    await expect(main.getByText(lang.t('account.profile.greeting', { name: shopper.name }), { exact: true })).toBeVisible();
    await expect(main.getByText(lang.t('account.profile.noHistory'), { exact: true })).toBeVisible();

    // Verify the phone with the code the sign-up sent by SMS.
    const phoneCard = main.getByRole('region', { name: lang.t('account.fields.phone'), exact: true });
    await expect(phoneCard.getByText(lang.t('account.profile.notVerified'), { exact: true })).toBeVisible();
    await phoneCard.getByRole('textbox', { name: lang.t('account.fields.code') }).fill(await codeSentTo(shopper.phoneE164));
    await phoneCard.getByRole('button', { name: lang.t('account.profile.verify'), exact: true }).click();
    await expect(phoneCard.getByText(lang.t('account.profile.verified'), { exact: true })).toBeVisible();
    await expect(phoneCard.getByRole('textbox')).toHaveCount(0);

    // Log out: the token and the user are gone, the header is the guest's.
    await main.getByRole('button', { name: lang.t('account.profile.logout'), exact: true }).click();
    await expect(toast(page, 'success', lang.t('account.profile.loggedOut'))).toBeVisible();
    await expectPath(page, lang.path('/login'));
    expect(await readLocalStorage(page, TOKEN_KEY)).toBeNull();
    await expectSession(page, lang, false);

    // A guest cart asking for more than the stock joins the account's cart at log-in, and the shopper is told.
    const product = findProduct(catalogue, 'available product', (each) => each.availability === 'available' && each.stock > 0);
    await page.evaluate((line) => window.localStorage.setItem('products', JSON.stringify([line])), {
      id: product.id,
      quantity: product.stock + 5,
    });
    await logIn(page, lang, shopper.phone, shopper.password);
    await expect(toast(page, 'success', lang.t('account.login.welcomeBack', { name: shopper.name }))).toBeVisible();
    const adjustment = toast(page, 'error', lang.t('account.cartMerge.intro'));
    await expect(adjustment).toBeVisible();
    await expect(adjustment).toContainText(productName(product, lang.code));
    await expectPath(page, lang.path('/profile'));
    await expect.poll(async () => JSON.parse((await readLocalStorage(page, 'products')) ?? '[]')).toEqual([]);
    const token = await readLocalStorage(page, TOKEN_KEY);
    const cart = (await (await api.get('/api/carts/me/', { headers: { Authorization: `Token ${token}` } })).json()) as Cart;
    expect(cart.products.map((line) => line.product_obj.id)).toEqual([product.id]);

    // Edit the profile; after a reload (the stored token is checked again) the change is still there.
    const details = main.getByRole('region', { name: lang.t('account.profile.details'), exact: true });
    const newName = `${shopper.name} ${lang.code === 'ar' ? 'الجديدة' : 'Junior'}`;
    await field(details, lang.t('account.fields.name')).fill(newName);
    await details.getByRole('button', { name: lang.t('account.profile.save') }).click();
    await expect(toast(page, 'success', lang.t('account.profile.saved'))).toBeVisible();
    await expect(main.getByText(lang.t('account.profile.greeting', { name: newName }), { exact: true })).toBeVisible();
    await page.reload();
    await expect(field(details, lang.t('account.fields.name'))).toHaveValue(newName);
    await expect(field(details, lang.t('account.fields.phone'))).toHaveValue(shopper.phone);
    // A new e-mail or number is changed with its code (self-service-account.spec.ts), not typed over here.
    await expect(field(details, lang.t('account.fields.phone'))).not.toBeEditable();
    await expect(field(details, lang.t('account.fields.email'))).not.toBeEditable();
    await expectSession(page, lang, true);
  });

  test(`${lang.code}: a sign-up whose e-mail code could not be sent says so, and claims no code`, async ({ page }) => {
    // The test mail server refuses this domain (550), as a full or closed mailbox would.
    const shopper = { ...newShopper(lang), email: `shopper-${Date.now().toString(36)}@refused.test` };
    const main = page.getByRole('main');
    await visit(page, lang, '/login');
    await main.getByRole('tab', { name: lang.t('account.login.signUpTab') }).click();
    await field(main, lang.t('account.fields.name')).fill(shopper.name);
    await field(main, lang.t('account.fields.email')).fill(shopper.email);
    await field(main, lang.t('account.fields.phone')).fill(shopper.phone);
    await field(main, lang.t('account.fields.password')).fill(shopper.password);
    await main.getByRole('button', { name: lang.t('account.signUp.submit') }).click();

    const honest = lang.t('account.signUp.createdNoCode', { name: shopper.name, channels: 'email', minutes: 0 });
    await expect(toast(page, 'success', honest)).toBeVisible();
    await expect(page.getByText(lang.t('account.signUp.created', { name: shopper.name }))).toHaveCount(0);
    await expectPath(page, lang.path('/profile'));
    // The phone's code did go out, and verifies the number; the e-mail waits for a code the shopper asks for.
    const phoneCard = main.getByRole('region', { name: lang.t('account.fields.phone'), exact: true });
    await phoneCard.getByRole('textbox', { name: lang.t('account.fields.code') }).fill(await codeSentTo(shopper.phoneE164));
    await phoneCard.getByRole('button', { name: lang.t('account.profile.verify'), exact: true }).click();
    await expect(phoneCard.getByText(lang.t('account.profile.verified'), { exact: true })).toBeVisible();
    const emailCard = main.getByRole('region', { name: lang.t('account.fields.email'), exact: true });
    await expect(emailCard.getByText(lang.t('account.profile.notVerified'), { exact: true })).toBeVisible();
  });

  test(`${lang.code}: the password reset sends a code, checks it and sets the new password`, async ({ page, api }) => {
    const shopper = newShopper(lang);
    await signUpThroughApi(api, shopper);
    const main = page.getByRole('main');
    const step = (n: number) => lang.t('account.reset.step', { step: lang.number(n), count: lang.number(3) });

    await visit(page, lang, '/login');
    await field(main, lang.t('account.fields.identifier')).fill(shopper.email);
    await main.getByRole('button', { name: lang.t('account.login.forgot') }).click();
    await expect(main.getByRole('heading', { name: lang.t('account.reset.heading') })).toBeFocused();
    await expect(main.getByText(step(1), { exact: true })).toBeVisible();
    // The e-mail typed into the log-in form carries over.
    await expect(field(main, lang.t('account.fields.email'))).toHaveValue(shopper.email);
    const before = await outbox(shopper.email);
    await main.getByRole('button', { name: lang.t('account.reset.send') }).click();

    await expect(main.getByText(step(2), { exact: true })).toBeVisible();
    await expect(main.getByText(lang.t('account.reset.codeStep', { email: shopper.email }), { exact: true })).toBeVisible();
    const code = await codeSentTo(shopper.email, before);
    const codeField = main.getByRole('textbox', { name: lang.t('account.fields.code') });
    // A wrong code: the server's message in a red toast, and the step stays.
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await main.getByRole('button', { name: lang.t('account.reset.check') }).click();
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible();
    await expect(main.getByText(step(2), { exact: true })).toBeVisible();
    await codeField.fill(code);
    await main.getByRole('button', { name: lang.t('account.reset.check') }).click();

    await expect(main.getByText(step(3), { exact: true })).toBeVisible();
    const newPassword = `${shopper.password}-renewed`;
    await field(main, lang.t('account.fields.newPassword')).fill(newPassword);
    await field(main, lang.t('account.fields.confirmPassword')).fill(`${newPassword}?`);
    await main.getByRole('button', { name: lang.t('account.reset.save') }).click();
    await expect(main.getByText(lang.t('account.form.passwordsDiffer'), { exact: true })).toBeVisible();
    await field(main, lang.t('account.fields.confirmPassword')).fill(newPassword);
    await main.getByRole('button', { name: lang.t('account.reset.save') }).click();

    // Back to log-in with the e-mail filled in; the old password no longer works, the new one does.
    await expect(page.locator('[data-sonner-toast][data-type="success"]').last()).toBeVisible();
    await expect(field(main, lang.t('account.fields.identifier'))).toHaveValue(shopper.email);
    const oldLogin = await api.post('/api/users/login/', { data: { email: shopper.email, password: shopper.password } });
    expect(oldLogin.status()).toBe(400);
    await field(main, lang.t('account.fields.password')).fill(newPassword);
    await main.getByRole('button', { name: lang.t('account.login.submit'), exact: true }).click();
    await expect(toast(page, 'success', lang.t('account.login.welcomeBack', { name: shopper.name }))).toBeVisible();
    await expectPath(page, lang.path('/profile'));
  });

  test(`${lang.code}: a tampered stored token keeps the screen blank until checked, then logs the shopper out`, async ({ page }) => {
    await visit(page, lang, '/');
    await expectSession(page, lang, false);
    await page.evaluate((key) => window.localStorage.setItem(key, 'tampered-token-that-the-api-never-issued'), TOKEN_KEY);

    let check: Route | undefined;
    await page.route('**/api/users/token/verify/', (route) => {
      check = route;
    });
    await page.reload();
    await expect.poll(() => Boolean(check)).toBe(true);
    // A blank black screen until the check finishes.
    await expect(page.locator('body')).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(0, 0, 0)');

    await check!.continue();
    await expect(page.locator('body')).toBeVisible();
    await expect.poll(() => readLocalStorage(page, TOKEN_KEY)).toBeNull();
    await expectSession(page, lang, false);
    await visit(page, lang, '/profile');
    await expectPath(page, lang.path('/login'));
  });

  test(`${lang.code}: the profile shows the points balance and its history`, async ({ page, api }) => {
    const shopper = newShopper(lang);
    const { token } = await signUpThroughApi(api, shopper);
    // Points come from delivered orders and in-store receipts; the page's rendering is checked on a fixed history.
    await page.route('**/api/users/points/', (route) =>
      route.fulfill({
        json: {
          points: 245,
          history: [
            { id: 2, change: -50, reason: 'redeemed', order_number: 'AT-1002', created_at: '2024-06-02T10:00:00Z' },
            { id: 1, change: 295, reason: 'earned', order_number: 'AT-1001', created_at: '2024-05-20T10:00:00Z' },
          ],
        },
      }),
    );
    await visit(page, lang, '/');
    await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
    await visit(page, lang, '/profile');

    const points = page.getByRole('main').getByRole('region', { name: lang.t('account.profile.points'), exact: true });
    await expect(points).toContainText(lang.number(245));
    const rows = points.getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(lang.t('account.profile.reasons.redeemed'));
    await expect(rows.nth(1)).toContainText(lang.number(50));
    await expect(rows.nth(1)).toContainText('AT-1002');
    await expect(rows.nth(2)).toContainText(lang.t('account.profile.reasons.earned'));
    await expect(rows.nth(2)).toContainText(lang.number(295));
  });

  test(`${lang.code}: Google sign-in creates the account and signs the shopper in`, async ({ page, api }) => {
    const providers = (await (await api.get('/api/auth/providers/')).json()) as AuthProviders;
    expect(providers.google, 'playwright.config.ts gives the API a Google client id').not.toBeNull();
    const clientId = providers.google!.client_id;
    const shopper = newShopper(lang);
    const idToken = googleIdToken(clientId, { sub: `google-${shopper.email}`, email: shopper.email, name: shopper.name });
    const main = page.getByRole('main');

    // No provider configured (the default local run): no social buttons, and no provider script is loaded.
    const providerScripts: string[] = [];
    page.on('request', (request) => {
      if (/accounts\.google\.com|connect\.facebook\.net/.test(request.url())) providerScripts.push(request.url());
    });
    await page.route('**/api/auth/providers/', (route) => route.fulfill({ json: { google: null, facebook: null } }));
    const answered = page.waitForResponse('**/api/auth/providers/');
    await visit(page, lang, '/login');
    await answered;
    await settle(page);
    await expect(main.getByText(lang.t('account.login.orContinueWith'))).toHaveCount(0);
    expect(providerScripts).toEqual([]);
    await page.unroute('**/api/auth/providers/');

    await page.route(GOOGLE_SCRIPT, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: googleIdentityStandIn(clientId, idToken) }),
    );
    await page.reload();
    await expect(main.getByText(lang.t('account.login.orContinueWith'))).toBeVisible();
    await main.getByRole('button', { name: 'Sign in with Google' }).click();

    await expect(toast(page, 'success', lang.t('account.signUp.welcome', { name: shopper.name }))).toBeVisible();
    await expectPath(page, lang.path('/profile'));
    await expectSession(page, lang, true);
    // Google vouches for the e-mail; there is no phone yet.
    const emailCard = main.getByRole('region', { name: lang.t('account.fields.email'), exact: true });
    await expect(emailCard.getByText(lang.t('account.profile.verified'), { exact: true })).toBeVisible();
    const phoneCard = main.getByRole('region', { name: lang.t('account.fields.phone'), exact: true });
    await expect(phoneCard.getByText(lang.t('account.profile.noPhone'), { exact: true })).toBeVisible();
  });
}
