import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NewsletterIssueQueued, NewsletterPreference, type Locale, type StaffRole } from '@attar/contract';
import { text } from '../i18n/catalogue';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
import { signedInShopper } from '../test/shoppers';
import { useSmtpServer, type ReceivedEmail } from '../test/smtp';
import { signedInStaff } from '../test/staff';
import { signNewsletterToken } from './tokens';

const smtp = useSmtpServer();
// The e-mails leave through a real SMTP server; the back office's newsletter through the job queue.
const t = useTestApp(() => ({ SMTP_URL: smtp.url, JOBS: 'on', STOREFRONT_URL: 'https://shop.test' }));
let serial = 0;
const fresh = (name = 'reader') => `${name}${++serial}.${Date.now()}@example.com`;

const signUp = (email: string, locale: Locale = 'en') =>
  client(t.app).call({ method: 'POST', url: '/api/news-letter/', body: { email }, headers: { 'accept-language': locale } });
const confirm = (token: string, locale: Locale = 'en') =>
  client(t.app).call({ method: 'POST', url: '/api/news-letter/confirm/', body: { token }, headers: { 'accept-language': locale } });
/** What a mail app does with the List-Unsubscribe headers (RFC 8058): a form POST to the header's address. */
const oneClick = (url: string, contentType = 'application/x-www-form-urlencoded') =>
  t.app.inject({
    method: 'POST',
    url: new URL(url).pathname + new URL(url).search,
    payload: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': contentType },
  });

async function subscription(email: string) {
  const [row] = await t.db.database.rows<{ confirmed: boolean; unsubscribed: boolean }>(sql`
    SELECT confirmed_at IS NOT NULL AS confirmed, unsubscribed_at IS NOT NULL AS unsubscribed
    FROM newsletter_subscriptions WHERE email = ${email}`);
  return row;
}

/** The link's address in an e-mail's HTML part, by the text of the page it opens. */
function linkIn(mail: ReceivedEmail, page: string) {
  const href = mail.html.match(new RegExp(`href="([^"]*${page}[^"]*)"`))?.[1];
  if (!href) throw new Error(`no ${page} link in ${mail.subject}`);
  return href.replaceAll('&amp;', '&');
}
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describe.each(['en', 'ar'] as const)('the newsletter in %s', (locale) => {
  const prefix = locale === 'ar' ? '/ar' : '';

  it('is double opt-in: pending until the e-mailed link is followed, then a welcome newsletter that can be left in one click', async () => {
    const email = fresh();
    const first = await signUp(email.toUpperCase(), locale);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ detail: text(locale, 'newsletterSubscribed') });
    expect(await subscription(email)).toEqual({ confirmed: false, unsubscribed: false });

    const [confirmation] = await smtp.waitFor(email);
    expect(confirmation!.subject).toBe(text(locale, 'newsletterConfirmSubject'));
    expect(confirmation!.html).toContain(`lang="${locale}"`);
    if (locale === 'ar') expect(confirmation!.html).toContain('dir="rtl"');
    expect(confirmation!.text).toContain(text(locale, 'newsletterConfirmIntro'));
    const confirmUrl = linkIn(confirmation!, '/newsletter/confirm');
    // The storefront's page in the shopper's language, at the shop's public address.
    expect(confirmUrl.startsWith(`https://shop.test${prefix}/newsletter/confirm?token=`)).toBe(true);
    expect(confirmation!.headers['list-unsubscribe']).toBeUndefined();

    // Signing up again before confirming: 200, and the confirmation is sent again.
    expect((await signUp(email, locale)).statusCode).toBe(200);
    await smtp.waitFor(email, 2);

    const confirmed = await confirm(tokenOf(confirmUrl), locale);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ detail: text(locale, 'newsletterConfirmed') });
    expect(await subscription(email)).toEqual({ confirmed: true, unsubscribed: false });

    const welcome = (await smtp.waitFor(email, 3))[2]!;
    expect(welcome.subject).toBe(text(locale, 'newsletterWelcomeSubject'));
    expect(welcome.text).toContain(text(locale, 'newsletterWelcomeBody'));
    const oneClickUrl = welcome.headers['list-unsubscribe']!.match(
      /^<(https:\/\/shop\.test\/api\/news-letter\/unsubscribe\/\?token=[^>]+)>$/,
    )?.[1];
    expect(oneClickUrl).toBeDefined();
    expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const pageUrl = linkIn(welcome, '/newsletter/unsubscribe');
    expect(pageUrl.startsWith(`https://shop.test${prefix}/newsletter/unsubscribe?token=`)).toBe(true);

    // Following the confirmation link again changes nothing and sends nothing.
    expect((await confirm(tokenOf(confirmUrl), locale)).statusCode).toBe(200);
    expect((await signUp(email, locale)).statusCode).toBe(200);

    const left = await oneClick(oneClickUrl!);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ detail: text('en', 'newsletterUnsubscribed') });
    expect(await subscription(email)).toEqual({ confirmed: true, unsubscribed: true });
    // Again (and from the page's button, a JSON POST): still gone, still 200.
    const again = await client(t.app).call({ method: 'POST', url: `/api/news-letter/unsubscribe/?token=${tokenOf(pageUrl)}`, body: {} });
    expect(again.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(email)).toHaveLength(3);

    // Coming back: a new sign-up, pending again until confirmed again.
    expect((await signUp(email, locale)).statusCode).toBe(201);
    expect(await subscription(email)).toEqual({ confirmed: false, unsubscribed: false });
  });
});

describe('the newsletter’s signed links', () => {
  it('refuse a bad signature, another link’s token, an expired link, and a left address, changing nothing', async () => {
    const email = fresh('links');
    await signUp(email);
    const secret = t.config.secretKey;
    const good = signNewsletterToken(secret, 'confirm', email, Date.now() + 60_000);
    const [body, signature] = good.split('.') as [string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = signNewsletterToken('another secret of the same kind, long enough', 'confirm', email, Date.now() + 60_000);
    const otherAddress = Buffer.from(JSON.stringify({ p: 'confirm', e: 'someone@example.com' })).toString('base64url');
    for (const token of [
      `${body}.${flipped}`,
      forged,
      `${otherAddress}.${signature}`,
      'garbage',
      `${good}.x`,
      signNewsletterToken(secret, 'unsubscribe', email),
    ]) {
      const answer = await confirm(token);
      expect(answer.statusCode, token).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'invalid_link', detail: text('en', 'newsletterLinkInvalid') });
    }
    const expired = await confirm(signNewsletterToken(secret, 'confirm', email, Date.now() - 1000), 'ar');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'link_expired', detail: text('ar', 'newsletterLinkExpired') });
    expect(await subscription(email)).toEqual({ confirmed: false, unsubscribed: false });

    // Unsubscribe links: a bad signature or a confirmation token is 400 and leaves the address subscribed.
    await confirm(good);
    for (const token of [
      `${signNewsletterToken(secret, 'unsubscribe', email).slice(0, -3)}abc`,
      good,
      forged.replace('confirm', 'unsubscribe'),
    ]) {
      const answer = await oneClick(`https://shop.test/api/news-letter/unsubscribe/?token=${encodeURIComponent(token)}`);
      expect(answer.statusCode, token).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'invalid_link' });
    }
    expect((await oneClick('https://shop.test/api/news-letter/unsubscribe/')).statusCode).toBe(400);
    expect(await subscription(email)).toEqual({ confirmed: true, unsubscribed: false });

    // A multipart one-click works too; then the confirmation link of a left address is refused.
    const unsubscribe = `https://shop.test/api/news-letter/unsubscribe/?token=${signNewsletterToken(secret, 'unsubscribe', email)}`;
    expect((await oneClick(unsubscribe, 'multipart/form-data; boundary=x')).statusCode).toBe(200);
    expect(await subscription(email)).toEqual({ confirmed: true, unsubscribed: true });
    await t.db.database.rows(sql`UPDATE newsletter_subscriptions SET confirmed_at = NULL WHERE email = ${email}`);
    expect((await confirm(good)).json()).toMatchObject({ code: 'not_pending' });
  });
});

describe('a shopper’s newsletter preference', () => {
  it('is their own: subscribe (double opt-in), see it, unsubscribe; a guest is refused', async () => {
    const [mai, omar] = [await signedInShopper(t.app), await signedInShopper(t.app)];
    const preference = async (shopper: typeof mai) => NewsletterPreference.parse((await shopper.get('/api/news-letter/me/')).json());
    expect(await preference(mai)).toEqual({ email: mai.user.email, status: 'not_subscribed' });

    const asked = await mai.call({ method: 'POST', url: '/api/news-letter/me/', headers: { 'accept-language': 'ar' } });
    expect(asked.json()).toEqual({ email: mai.user.email, status: 'pending' });
    expect(await preference(omar)).toEqual({ email: omar.user.email, status: 'not_subscribed' });
    // Asked from an Arabic page, told in the account's language (English, its sign-up page's).
    const confirmation = (await smtp.waitFor(mai.user.email)).find((mail) => mail.subject === text('en', 'newsletterConfirmSubject'))!;
    expect((await confirm(tokenOf(linkIn(confirmation, '/newsletter/confirm')))).statusCode).toBe(200);
    expect(await preference(mai)).toEqual({ email: mai.user.email, status: 'subscribed' });

    // Omar subscribes and leaves; Mai stays subscribed.
    await omar.post('/api/news-letter/me/');
    expect((await omar.delete('/api/news-letter/me/')).json()).toEqual({ email: omar.user.email, status: 'not_subscribed' });
    expect(await preference(mai)).toEqual({ email: mai.user.email, status: 'subscribed' });
    expect((await mai.delete('/api/news-letter/me/')).json()).toEqual({ email: mai.user.email, status: 'not_subscribed' });

    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await client(t.app).call({ method, url: '/api/news-letter/me/' })).statusCode, method).toBe(401);
    }
  });
});

describe('the back office’s newsletter', () => {
  const issue = {
    subject_en: 'Autumn oud',
    subject_ar: 'عود الخريف',
    body_en: 'New this week.\n\nSee you soon.',
    body_ar: 'جديد هذا الأسبوع.\n\nإلى اللقاء.',
  };

  it('is for staff who manage subscribers', async () => {
    for (const role of ['support', 'fulfilment'] as StaffRole[]) {
      expect((await (await signedInStaff(t, role)).post('/api/staff/subscribers/newsletter/', issue)).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/subscribers/newsletter/', payload: issue })).statusCode).toBe(401);
    const manager = await signedInStaff(t, 'manager');
    const refused = await manager.call(
      'POST',
      '/api/staff/subscribers/newsletter/',
      { ...issue, subject_ar: ' ', body_en: '' },
      { 'accept-language': 'ar' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ subject_ar: [text('ar', 'content_required')], body_en: [text('ar', 'content_required')] });
  });

  it('goes to every confirmed subscriber in their language, one job each, with the unsubscribe link and headers', async () => {
    const readers = { en: fresh('en-reader'), ar: fresh('ar-reader') };
    const pending = fresh('pending');
    const gone = fresh('gone');
    for (const [locale, email] of Object.entries(readers)) {
      await t.db.database.rows(sql`INSERT INTO newsletter_subscriptions (email, locale, confirmed_at) VALUES (${email}, ${locale}, now())`);
    }
    await t.db.database.rows(sql`INSERT INTO newsletter_subscriptions (email, locale) VALUES (${pending}, 'en')`);
    await t.db.database.rows(
      sql`INSERT INTO newsletter_subscriptions (email, locale, confirmed_at, unsubscribed_at) VALUES (${gone}, 'en', now(), now())`,
    );
    const [{ n } = { n: 0 }] = await t.db.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM newsletter_subscriptions WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL`,
    );

    const owner = await signedInStaff(t, 'owner');
    const sent = await owner.post('/api/staff/subscribers/newsletter/', issue);
    expect(sent.statusCode).toBe(202);
    expect(NewsletterIssueQueued.parse(sent.json())).toEqual({ recipients: n });

    for (const locale of ['en', 'ar'] as const) {
      const [mail] = await smtp.waitFor(readers[locale]);
      expect(mail!.subject).toBe(locale === 'en' ? issue.subject_en : issue.subject_ar);
      expect(mail!.text).toContain(locale === 'en' ? 'See you soon.' : 'إلى اللقاء.');
      expect(mail!.html).toContain(`lang="${locale}"`);
      expect(mail!.headers['list-unsubscribe']).toMatch(/^<https:\/\/shop\.test\/api\/news-letter\/unsubscribe\/\?token=.+>$/);
      expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(linkIn(mail!, '/newsletter/unsubscribe')).toContain(`shop.test${locale === 'ar' ? '/ar' : ''}/newsletter/unsubscribe?token=`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.to(pending)).toEqual([]);
    expect(smtp.to(gone)).toEqual([]);
    const [audit] = await t.db.database.rows<{ after: { recipients: number } }>(
      sql`SELECT after FROM audit_log WHERE action = 'newsletter.send' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit!.after.recipients).toBe(n);
  }, 60_000);
});
