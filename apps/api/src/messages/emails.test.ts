import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@attar/contract';
import { arrivalText, money, text } from '../i18n/catalogue';
import {
  accountCodeEmail,
  backInStockEmail,
  newsletterConfirmEmail,
  newsletterEmail,
  orderEmail,
  shopEmail,
  type AccountCodePurpose,
  type ComposedEmail,
  type OrderSummary,
} from './emails';

const NAMES = { en: 'Oud Royal', ar: 'عود ملكي' } as const;
const CODE_SUBJECTS = {
  verify_email: 'emailCodeSubject',
  password_reset: 'resetSubject',
  change_email: 'changeEmailSubject',
  delete_account: 'deleteAccountSubject',
} as const;

const order = (locale: Locale): OrderSummary => ({
  number: 'AT100042',
  lines: [
    { name: NAMES[locale], sizeMl: 100, quantity: 2, unitPiastres: 125_000 },
    { name: locale === 'en' ? 'Rose Set' : 'طقم الورد', sizeMl: null, quantity: 1, unitPiastres: 40_050 },
  ],
  subtotalPiastres: 290_050,
  deliveryFeePiastres: 5_000,
  giftWrapFeePiastres: 0,
  discountPiastres: 10_000,
  pointsUsed: 200,
  pointsDiscountPiastres: 2_000,
  totalPiastres: 283_050,
  address: { name: 'Mai Ali', phone: '+201055556666', street: '9 Tahrir St', building: '4', city: 'Dokki', region: 'Giza' },
  paymentLine: `${text(locale, 'paymentCod')} · ${text(locale, 'payState_cod', { total: money(locale, 283_050) })}`,
  courier: { name: 'Bosta', tracking: 'BST-9912' },
  arrival: arrivalText(locale, { earliest: '2026-11-29', latest: '2026-12-01' }),
});

/** What every e-mail must be: the reader's language and direction, a plain-text part, the shop's look. */
function expectShopEmail(mail: ComposedEmail, locale: Locale) {
  expect(mail.html).toMatch(/^<!DOCTYPE html/);
  expect(mail.html).toContain(`lang="${locale}"`);
  if (locale === 'ar') expect(mail.html).toContain('dir="rtl"');
  else expect(mail.html).not.toContain('dir="rtl"');
  // The word mark and the storefront's colours (ink, gold, cream).
  expect(mail.html).toContain('ATTAR');
  expect(mail.html).toContain('عطّار');
  for (const colour of ['#0d0b09', '#d4af6a', '#f4ede1']) expect(mail.html).toContain(colour);
  expect(mail.text).toContain(text(locale, 'emailFooter'));
  expect(mail.text).not.toMatch(/<[a-z]/i);
}

describe.each(LOCALES)('e-mails in %s', (locale) => {
  it.each(['verify_email', 'password_reset', 'change_email', 'delete_account'] satisfies AccountCodePurpose[])(
    'the %s code',
    async (purpose) => {
      const mail = await accountCodeEmail({ to: 'mai@example.com', locale, name: 'Mai', code: '482913', purpose });
      expectShopEmail(mail, locale);
      expect(mail.to).toBe('mai@example.com');
      expect(mail.subject).toBe(text(locale, CODE_SUBJECTS[purpose]));
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(text(locale, `emailCodeIntro_${purpose}`));
        expect(part).toContain(text(locale, 'emailGreeting', { name: 'Mai' }));
      }
      // The code reads left to right in Arabic too, and is the only six-digit number in the text.
      expect(mail.html).toMatch(/dir="ltr"[^>]*>482913</);
      expect(mail.text.match(/(?<!\d)\d{6}(?!\d)/g)).toEqual(['482913']);
    },
  );

  it('back in stock', async () => {
    const mail = await backInStockEmail({
      to: 'mai@example.com',
      locale,
      productName: NAMES[locale],
      sizeName: text(locale, 'sizeName', { ml: 50 }),
      productUrl: 'https://attar.test/p/oud-royal',
      imageUrl: 'https://attar.test/media/oud.jpg',
    });
    expectShopEmail(mail, locale);
    expect(mail.subject).toContain(NAMES[locale]);
    expect(mail.text).toContain(text(locale, 'backInStockButton'));
    expect(mail.text).toContain('https://attar.test/p/oud-royal');
    expect(mail.html).toContain('href="https://attar.test/p/oud-royal"');
    expect(mail.html).toContain('src="https://attar.test/media/oud.jpg"');
  });

  it('an order: its lines, amounts, address, payment and tracking', async () => {
    const subject = text(locale, 'orderEmailSubject', { number: 'AT100042', progress: text(locale, 'progress_shipped') });
    const mail = await orderEmail({
      to: 'mai@example.com',
      locale,
      subject,
      message: text(locale, 'shippedWith', { courier: 'Bosta', tracking: 'BST-9912' }),
      order: order(locale),
      ordersUrl: `https://attar.test${locale === 'ar' ? '/ar' : ''}/profile`,
      trackingUrl: `https://attar.test${locale === 'ar' ? '/ar' : ''}/track?token=signed`,
    });
    expectShopEmail(mail, locale);
    expect(mail.subject).toBe(subject);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(NAMES[locale]);
      expect(part).toContain(text(locale, 'sizeName', { ml: locale === 'ar' ? '١٠٠' : '100' }));
      // Unit prices, line amounts and every total, with the API's one formatter.
      for (const piastres of [125_000, 250_000, 40_050, 290_050, 5_000, 283_050]) expect(part).toContain(money(locale, piastres));
      expect(part).toContain(`−${money(locale, 10_000)}`);
      expect(part).toContain(`−${money(locale, 2_000)}`);
      for (const label of [
        'orderSubtotal',
        'orderDeliveryFee',
        'orderDiscount',
        'orderTotal',
        'orderAddressHeading',
        'paymentCod',
      ] as const) {
        expect(part).toContain(text(locale, label));
      }
      expect(part).toContain('9 Tahrir St');
      expect(part).toContain('BST-9912');
      expect(part).toContain(locale === 'ar' ? 'يصل الأحد ٢٩ نوفمبر – الثلاثاء ١ ديسمبر' : 'Arrives Sun 29 Nov – Tue 1 Dec');
      expect(part).toContain(text(locale, 'orderSeeOrders'));
      expect(part).toContain(text(locale, 'orderTrackLink'));
    }
    expect(mail.html).toContain(`href="https://attar.test${locale === 'ar' ? '/ar' : ''}/track?token=signed"`);
    // Phones and tracking numbers stay left to right in Arabic.
    // The address block: labelled parts in the language's words, the phone and numbers isolated left to right, in
    // the plain text too; the block reads in the direction of its own words (here Latin: left to right).
    expect(mail.html).toContain('<bdi dir="ltr">\u2066+20 105 555 6666\u2069</bdi>');
    expect(mail.text).toContain(`${text(locale, 'addressPhone', { value: '\u2066+20 105 555 6666\u2069' })}`);
    expect(mail.text).toContain(text(locale, 'addressBuilding', { value: '\u20664\u2069' }));
    expect(mail.html).toMatch(/<table[^>]*dir="ltr"[^>]*>[\s\S]*9 Tahrir St/);
    expect(mail.html).toContain('<span dir="ltr">BST-9912</span>');
    expect(mail.html).toContain(`href="https://attar.test${locale === 'ar' ? '/ar' : ''}/profile"`);
  });

  it('the newsletter’s confirmation and a newsletter with its unsubscribe link and headers', async () => {
    const confirm = await newsletterConfirmEmail({
      to: 'n@example.com',
      locale,
      confirmUrl: 'https://attar.test/newsletter/confirm?token=abc',
      days: 7,
    });
    expectShopEmail(confirm, locale);
    expect(confirm.subject).toBe(text(locale, 'newsletterConfirmSubject'));
    expect(confirm.text).toContain('https://attar.test/newsletter/confirm?token=abc');
    expect(confirm.headers).toBeUndefined();

    const letter = await newsletterEmail({
      to: 'n@example.com',
      locale,
      subject: locale === 'en' ? 'Autumn oud' : 'عود الخريف',
      body: locale === 'en' ? 'New this week.\n\nSee you soon.' : 'جديد هذا الأسبوع.\n\nإلى اللقاء.',
      unsubscribePageUrl: 'https://attar.test/newsletter/unsubscribe?token=xyz',
      oneClickUrl: 'https://attar.test/api/news-letter/unsubscribe/?token=xyz',
    });
    expectShopEmail(letter, locale);
    expect(letter.headers).toEqual({
      'List-Unsubscribe': '<https://attar.test/api/news-letter/unsubscribe/?token=xyz>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(letter.html).toContain('href="https://attar.test/newsletter/unsubscribe?token=xyz"');
    expect(letter.text).toContain(text(locale, 'newsletterUnsubscribeLink'));
    expect(letter.html.match(/<p[^>]*>/g)!.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the shop’s own e-mails', () => {
  it('carry English and Arabic, each in its direction', async () => {
    const mail = await shopEmail({
      to: 'owner@attar.test',
      subject: 'New order AT1',
      parts: LOCALES.map((locale) => ({
        locale,
        title: text(locale, 'newOrderAlertSubject', { number: 'AT1', total: money(locale, 100_000) }),
        lines: [text(locale, 'lowStockIntro')],
        link: { href: 'https://attar.test/admin/orders/1', label: text(locale, 'shopOpenOrder') },
      })),
    });
    expect(mail.html).toContain('lang="ar" dir="rtl"');
    expect(mail.text).toContain(text('en', 'lowStockIntro'));
    expect(mail.text).toContain(text('ar', 'lowStockIntro'));
    expect(mail.text).toContain('https://attar.test/admin/orders/1');
  });
});
