/**
 * The newsletter's double opt-in and one-click unsubscribe, with the e-mails read from the test mail
 * server the API sends to: sign up in the footer, confirm from the e-mail's link, get the welcome newsletter with its
 * List-Unsubscribe headers, and leave from its link (a button: opening the page changes nothing); and the same from a
 * signed-in shopper's profile.
 */
import { request, type Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { linkIn, mailTo, type ReceivedEmail } from '../support/mail';
import { openSignedIn, randomClientAddress, signUp } from '../support/shoppers';
import { toast, visit } from '../support/storefront';
import { ADMIN_URL, API_URL, STOREFRONT_URL } from '../support/urls';
import { adminContext, adminText, signIn } from '../support/admin';
import { demoOwner } from '../support/staff';

/** Waits until `recipient` has received `count` e-mails, and returns them oldest first. */
async function mailsTo(recipient: string, count: number): Promise<ReceivedEmail[]> {
  await expect.poll(async () => (await mailTo(recipient)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return (await mailTo(recipient)).reverse();
}

/** Signs the address up (again) through the API, in a language: 200 while it is subscribed, 201 once it has left. */
async function signUpAgain(email: string, locale = 'en'): Promise<number> {
  const api = await request.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': randomClientAddress(), 'Accept-Language': locale } });
  try {
    return (await api.post(`${API_URL}/api/news-letter/`, { data: { email } })).status();
  } finally {
    await api.dispose();
  }
}

/** Opens the confirmation e-mail's link, and waits for the page to say how it went (without an error). */
async function followConfirmation(page: Page, lang: Lang, confirmation: ReceivedEmail) {
  await page.goto(linkIn(confirmation, '/newsletter/confirm'));
  await expect(page.getByRole('heading', { level: 1, name: lang.t('newsletter.confirm.heading') })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('status').filter({ hasNotText: lang.t('newsletter.confirm.working') })).toBeVisible();
  await expect(main.getByRole('alert')).toHaveCount(0);
}

for (const lang of ALL_LANGS) {
  test(`${lang.code}: subscribe, confirm from the e-mail, unsubscribe from the newsletter's link`, async ({ page }, testInfo) => {
    const email = `double-opt-in-${lang.code}-${testInfo.project.name}-${Date.now()}@example.com`;
    const pagePath = (pathname: string) => `${lang.code === 'ar' ? '/ar' : ''}${pathname}`;

    await visit(page, lang, '/fragrances');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: lang.t('footer.emailLabel') }).fill(email);
    await footer.getByRole('button', { name: lang.t('footer.subscribe') }).click();
    await expect(toast(page, 'success', lang.t('footer.subscribed'))).toHaveCount(1);

    // The confirmation e-mail, in the page's language: its link opens the storefront's page at the shop's address.
    const [confirmation] = await mailsTo(email, 1);
    expect(confirmation!.html).toMatch(new RegExp(`<html[^>]*lang="${lang.code}"`));
    expect(confirmation!.headers['list-unsubscribe']).toBeUndefined();
    expect(linkIn(confirmation!, '/newsletter/confirm').startsWith(`${STOREFRONT_URL}${pagePath('/newsletter/confirm?token=')}`)).toBe(
      true,
    );
    await followConfirmation(page, lang, confirmation!);

    // Confirmed: the welcome newsletter arrives, with the one-click headers and the unsubscribe link.
    const welcome = (await mailsTo(email, 2))[1]!;
    expect(welcome.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/news-letter\/unsubscribe\/\?token=[^>]+>$/);
    expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = linkIn(welcome, '/newsletter/unsubscribe');
    expect(unsubscribeUrl.startsWith(`${STOREFRONT_URL}${pagePath('/newsletter/unsubscribe?token=')}`)).toBe(true);

    // Opening the page (as a link scanner would) changes nothing: the address is still subscribed.
    await page.goto(unsubscribeUrl);
    await expect(page.getByRole('heading', { level: 1, name: lang.t('newsletter.unsubscribe.heading') })).toBeVisible();
    expect(await signUpAgain(email)).toBe(200);

    await page.getByRole('button', { name: lang.t('newsletter.unsubscribe.button') }).click();
    await expect(page.getByRole('main').getByRole('status')).toBeVisible();
    await expect(page.getByRole('button', { name: lang.t('newsletter.unsubscribe.button') })).toHaveCount(0);
    await expect(page.getByRole('link', { name: lang.t('newsletter.continueShopping') })).toBeVisible();
    // Gone: signing up again is a new subscription (pending, with a new confirmation e-mail).
    expect(await signUpAgain(email)).toBe(201);
    await mailsTo(email, 3);
  });

  test(`${lang.code}: a tampered unsubscribe link is refused and changes nothing`, async ({ page }, testInfo) => {
    const email = `tampered-${lang.code}-${testInfo.project.name}-${Date.now()}@example.com`;
    expect(await signUpAgain(email)).toBe(201);
    const [confirmation] = await mailsTo(email, 1);
    const token = new URL(linkIn(confirmation!, '/newsletter/confirm')).searchParams.get('token')!;
    await page.goto(lang.path(`/newsletter/unsubscribe?token=${encodeURIComponent(`${token.slice(0, -4)}AAAA`)}`));
    await page.getByRole('button', { name: lang.t('newsletter.unsubscribe.button') }).click();
    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
    // Still pending (signing up again answers 200, not a new 201).
    expect(await signUpAgain(email)).toBe(200);
  });

  test(`${lang.code}: a shopper subscribes from the profile, confirms from the e-mail and unsubscribes there`, async ({
    page,
    request,
  }) => {
    const shopper = await signUp(request, 'Newsletter Reader', lang.code);
    await openSignedIn(page, lang, shopper, '/profile');
    const section = page.getByRole('region', { name: lang.t('newsletter.profile.heading') });
    await expect(section.getByText(lang.t('newsletter.profile.status_not_subscribed'), { exact: true })).toBeVisible();
    await section.getByRole('button', { name: lang.t('newsletter.profile.subscribe') }).click();
    await expect(section.getByText(lang.t('newsletter.profile.status_pending'), { exact: true })).toBeVisible();

    let confirmation: ReceivedEmail | undefined;
    await expect
      .poll(async () => {
        confirmation = (await mailTo(shopper.email)).find((mail) => mail.html.includes('/newsletter/confirm?token='));
        return Boolean(confirmation);
      })
      .toBe(true);
    await followConfirmation(page, lang, confirmation!);

    await visit(page, lang, '/profile');
    await expect(section.getByText(lang.t('newsletter.profile.status_subscribed'), { exact: true })).toBeVisible();
    await section.getByRole('button', { name: lang.t('newsletter.profile.unsubscribe') }).click();
    await expect(toast(page, 'success', lang.t('newsletter.profile.unsubscribed'))).toHaveCount(1);
    await expect(section.getByText(lang.t('newsletter.profile.status_not_subscribed'), { exact: true })).toBeVisible();
  });

  test(`${lang.code}: staff send a newsletter from the back office; a confirmed subscriber gets it in their language`, async ({
    browser,
    page,
  }) => {
    // The back office runs once per language, on a desktop screen.
    const stamp = Date.now().toString(36);
    const email = `letter-${lang.code}-${stamp}@example.com`;
    expect(await signUpAgain(email, lang.code)).toBe(201);
    const [confirmation] = await mailsTo(email, 1);
    await followConfirmation(page, lang, confirmation!);
    await mailsTo(email, 2);

    const staff = await adminContext(browser, lang);
    try {
      const admin = await staff.newPage();
      await signIn(admin, lang, demoOwner());
      await admin.goto(`${ADMIN_URL}/subscribers`);
      await admin.getByRole('button', { name: adminText(lang, 'writeNewsletter') }).click();
      const dialog = admin.getByRole('dialog');
      // Nothing written: refused in the browser, under each field.
      await dialog.getByRole('button', { name: adminText(lang, 'sendNewsletter') }).click();
      await expect(dialog.getByText(adminText(lang, 'errorRequired'))).toHaveCount(4);
      const issue = {
        subject_en: `Autumn oud ${stamp}`,
        subject_ar: `عود الخريف ${stamp}`,
        body_en: 'New this week.',
        body_ar: 'جديد هذا الأسبوع.',
      };
      await dialog.getByLabel(adminText(lang, 'newsletterSubjectEn')).fill(issue.subject_en);
      await dialog.getByLabel(adminText(lang, 'newsletterBodyEn')).fill(issue.body_en);
      await dialog.getByLabel(adminText(lang, 'newsletterSubjectAr')).fill(issue.subject_ar);
      await dialog.getByLabel(adminText(lang, 'newsletterBodyAr')).fill(issue.body_ar);
      await dialog.getByRole('button', { name: adminText(lang, 'sendNewsletter') }).click();
      await expect(dialog).toHaveCount(0);
    } finally {
      await staff.close();
    }

    // From the job queue, in the subscriber's language, with the one-click headers.
    const letter = (await mailsTo(email, 3))[2]!;
    expect(letter.subject).toBe(lang.code === 'en' ? `Autumn oud ${stamp}` : `عود الخريف ${stamp}`);
    expect(letter.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(linkIn(letter, '/newsletter/unsubscribe')).toContain('/newsletter/unsubscribe?token=');
  });
}
