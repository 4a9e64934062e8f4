import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@attar/contract';
import { loadConfig } from '../config';
import { createDelivery } from '../delivery/service';
import { text } from '../i18n/catalogue';
import { createCounterStore, type CounterStore } from '../ratelimit/counters';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { startSmtpServer, type SmtpTestServer } from '../test/smtp';
import { accountCodeEmail, backInStockEmail, newsletterEmail } from './emails';

const silent = { info: () => {}, warn: () => {}, error: () => {} } as never;
let db: TestDatabase;
let counters: CounterStore;
let smtp: SmtpTestServer;
beforeAll(async () => {
  db = await createTestDatabase();
  counters = createCounterStore(db.database, undefined);
  smtp = await startSmtpServer();
}, 120_000);
afterAll(async () => {
  await smtp?.close();
  await counters?.close();
  await db?.drop();
});

describe('e-mail through SMTP', () => {
  it.each(LOCALES)('arrives with its HTML part, its plain-text part and its headers (%s)', async (locale) => {
    const delivery = createDelivery(
      loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Attar <shop@attar.test>' }),
      db.database,
      counters,
      silent,
    );
    const to = `smtp-${locale}@example.com`;
    await delivery.sendEmail(await accountCodeEmail({ to, locale, name: 'Mai', code: '604211', purpose: 'delete_account' }));
    await delivery.sendEmail(
      await backInStockEmail({
        to,
        locale,
        productName: locale === 'en' ? 'Amber Night' : 'ليلة العنبر',
        productUrl: 'https://shop.test/p/amber',
      }),
    );
    await delivery.sendEmail(
      await newsletterEmail({
        to,
        locale,
        subject: 'News',
        body: 'Hello.',
        unsubscribePageUrl: 'https://shop.test/newsletter/unsubscribe?token=t',
        oneClickUrl: 'https://shop.test/api/news-letter/unsubscribe/?token=t',
      }),
    );
    const [code, restock, letter] = await smtp.waitFor(to, 3);
    expect(code!.from).toBe('shop@attar.test');
    expect(code!.subject).toBe(text(locale, 'deleteAccountSubject'));
    expect(code!.text).toContain('604211');
    expect(code!.text).toContain(text(locale, 'emailCodeIntro_delete_account'));
    const html = code!.html.match(/<html[^>]*>/)![0];
    expect(html).toContain(`lang="${locale}"`);
    expect(html).toContain(`dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
    expect(code!.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(restock!.subject).toBe(text(locale, 'backInStockSubject', { name: locale === 'en' ? 'Amber Night' : 'ليلة العنبر' }));
    expect(restock!.html).toContain('href="https://shop.test/p/amber"');
    expect(letter!.headers['list-unsubscribe']).toBe('<https://shop.test/api/news-letter/unsubscribe/?token=t>');
    expect(letter!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('goes to the development outbox in demo mode without SMTP, HTML and headers kept', async () => {
    const delivery = createDelivery(loadConfig({ SMTP_URL: '' }), db.database, counters, silent);
    const mail = await newsletterEmail({
      to: 'outbox@example.com',
      locale: 'ar',
      subject: 'نشرة',
      body: 'أهلًا.',
      unsubscribePageUrl: 'https://shop.test/ar/newsletter/unsubscribe?token=t',
      oneClickUrl: 'https://shop.test/api/news-letter/unsubscribe/?token=t',
    });
    await delivery.sendEmail(mail);
    const [row] = await db.database.rows<{ subject: string; body: string; html: string; headers: Record<string, string> }>(sql`
      SELECT subject, body, html, headers FROM outbox_messages WHERE recipient = 'outbox@example.com'`);
    expect(row).toEqual({ subject: 'نشرة', body: mail.text, html: mail.html, headers: mail.headers });
  });
});

describe('production', () => {
  it('has no outbox: an e-mail without a mail server fails instead of being kept', async () => {
    const delivery = createDelivery(loadConfig({ NODE_ENV: 'production', SMTP_URL: '' }), db.database, counters, silent);
    await expect(delivery.sendEmail({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow(/No email transport/);
  });
});
