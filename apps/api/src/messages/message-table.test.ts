/**
 * Every order message, for every way of paying × state × language, checked against what the order is: the SMS, the
 * e-mail's subject and text (its headline, message and payment line). A kiosk order names its reference and deadline
 * and never a card; a cash order is paid on delivery; a paid one has nothing left to pay; a cancelled one says whether
 * anything was charged.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES, PAYMENT_METHODS, type Locale, type OrderStatus, type PaymentMethod } from '@attar/contract';
import { cairoTime, money, text } from '../i18n/catalogue';
import { orderEmail } from './emails';
import { composeOrderMessage, type OrderMessagePayload, type OrderRow } from './order-messages';
import { PAYMENT_TEXT, type PaymentFacts } from './payment-told';

const DEADLINE = new Date('2026-12-01T13:05:00Z');
const REFERENCE = '918273645';
const TOTAL = 125_050;

/** The order as the message reads it: `status` now, paid or not. */
function orderRow(method: PaymentMethod, status: OrderStatus, payment: PaymentFacts['payment']): OrderRow {
  return {
    order_number: 'AT100042',
    user_id: 7,
    subtotal_piastres: TOTAL,
    delivery_fee_piastres: 0,
    gift_wrap_fee_piastres: 0,
    discount_piastres: 0,
    points_used: 0,
    points_discount_piastres: 0,
    total_piastres: TOTAL,
    payment_method: method,
    status,
    payment_status: method === 'cod' ? null : payment,
    kiosk_reference: method === 'kiosk' ? REFERENCE : null,
    kiosk_deadline: method === 'kiosk' ? DEADLINE.getTime() / 1000 : null,
    courier_name: status === 'shipped' || status === 'delivered' ? 'Bosta' : null,
    tracking_number: status === 'shipped' || status === 'delivered' ? 'BST-9' : null,
    promised_earliest: null,
    confirm_by: null,
    pay_by: null,
    balance_link: false,
    balance_due: 0,
    promised_latest: null,
    address: { name: 'مي', phone: '+201039194982', street: '9 شارع التحرير', building: '15', floor: '4', apartment: '12' },
    city: 'Dokki',
    region: 'Giza',
    lines: [{ name: 'Oud', sizeMl: 100, quantity: 1, unitPiastres: TOTAL }],
  };
}

type Case = { locale: Locale; method: PaymentMethod; status: OrderStatus; payment: PaymentFacts['payment']; reminder?: true };

/** The states an order of `method` can be told in, and how its payment stands then. */
function casesOf(locale: Locale, method: PaymentMethod): Case[] {
  const online = method !== 'cod';
  const told: Case[] = [];
  const add = (status: OrderStatus, payment: PaymentFacts['payment']) => told.push({ locale, method, status, payment });
  if (online) add('pending_payment', 'pending');
  for (const status of ['placed', 'confirmed', 'shipped', 'delivered'] as const) add(status, online ? 'paid' : null);
  add('cancelled', online ? 'pending' : null); // unpaid: cancelled before paying (declined, expired, by the shopper)
  if (online) add('cancelled', 'refund_pending'); // paid, then cancelled
  if (method === 'kiosk') told.push({ locale, method, status: 'pending_payment', payment: 'pending', reminder: true });
  return told;
}

const CASES = LOCALES.flatMap((locale) => PAYMENT_METHODS.flatMap((method) => casesOf(locale, method)));
const name = (c: Case) => `${c.locale} ${c.method} ${c.reminder ? 'kiosk reminder' : c.status} (${c.payment ?? 'cash'})`;

/** Words that would be a lie for this method. */
const CARD_WORDS = { en: /\bcard\b/i, ar: /بطاقة|بالبطاقة/ } as const;
const ZERO = { en: /(?<![\d.,])0 LE/, ar: /(?<![٠-٩٫٬])٠ ج\.م/ } as const;
const CASH_ON_DELIVERY = { en: /cash on delivery/i, ar: /نقدًا عند الاستلام/ } as const;

describe('every order message tells the truth for its way of paying and its state', () => {
  it('covers every method × state × language', () => {
    expect(CASES.length).toBe(2 * (5 + 4 * 7 + 1));
  });

  it.each(CASES.map((c) => [name(c), c] as const))('%s', async (_, c) => {
    const { locale, method, status } = c;
    const payload: OrderMessagePayload = c.reminder ? { event: 'kiosk_reminder' } : { status };
    const { sms, subject, summary } = composeOrderMessage(locale, payload, orderRow(method, status, c.payment));
    const mail = await orderEmail({
      to: 'mai@example.com',
      locale,
      subject,
      message: sms,
      order: summary,
      ordersUrl: null,
      trackingUrl: 'https://attar.test/track?token=signed',
    });
    const all = [sms, mail.subject, mail.text];
    const paymentName = text(locale, PAYMENT_TEXT[method]);

    // The payment line names the method as the storefront's checkout does, capitalised (valU writes itself so).
    expect(mail.text).toContain(paymentName);
    if (method !== 'valu') expect(paymentName[0]).toBe(paymentName[0]!.toLocaleUpperCase());
    // Free delivery is "Free", never "0 LE".
    expect(mail.text).toContain(text(locale, 'orderFree'));
    expect(mail.text).not.toMatch(ZERO[locale]);
    // One address block: labelled parts with the language's comma, the phone's + in front, isolated left to right.
    const value = (v: string) => ({ value: `\u2066${v}\u2069` });
    const comma = locale === 'ar' ? '، ' : ', ';
    expect(mail.text).toContain(
      [
        text(locale, 'addressBuilding', value('15')),
        text(locale, 'addressFloor', value('4')),
        text(locale, 'addressApartment', value('12')),
      ].join(comma),
    );
    expect(mail.text).toContain(text(locale, 'addressPhone', value('+20 103 919 4982')));
    expect(mail.html).toMatch(/dir="rtl"[^>]*>[\s\S]*9 شارع التحرير/);
    // The order's number and total are always there.
    expect(sms).toContain('AT100042');
    expect(mail.text).toContain(money(locale, TOTAL));

    // Only a card order may speak of a card.
    if (method !== 'card') for (const part of all) expect(part).not.toMatch(CARD_WORDS[locale]);

    if (method === 'kiosk' && status === 'pending_payment') {
      // The two things a kiosk payer needs: the reference and the deadline, in the SMS, the subject or message and the
      // payment line; the reference kept left to right.
      const deadline = cairoTime(locale, DEADLINE);
      expect(sms).toContain(`\u2066${REFERENCE}\u2069`);
      expect(sms).toContain(deadline);
      expect(mail.text).toContain(REFERENCE);
      expect(summary.paymentLine).toContain(REFERENCE);
      expect(summary.paymentLine).toContain(deadline);
      if (c.reminder) expect(mail.subject).toContain(deadline);
    }
    if (method === 'cod' && ['placed', 'shipped'].includes(status)) {
      expect(sms).toMatch(CASH_ON_DELIVERY[locale]);
      expect(summary.paymentLine).toContain(money(locale, TOTAL));
    }
    if (method !== 'cod' && c.payment === 'paid' && status !== 'delivered') {
      expect(summary.paymentLine).toContain(text(locale, 'payState_paid'));
      if (['placed', 'shipped'].includes(status)) expect(sms).toContain(text(locale, 'payNote_paid'));
      expect(sms).not.toMatch(CASH_ON_DELIVERY[locale]);
    }
    if (status === 'pending_payment' && !c.reminder) {
      // Waiting for this method's payment, in the headline, the SMS and the payment line alike.
      const waiting = text(locale, `pending_${method as Exclude<PaymentMethod, 'cod'>}`);
      expect(mail.subject).toContain(waiting);
      expect(sms).toContain(waiting);
    }
    if (status === 'cancelled' && method !== 'cod') {
      const note = c.payment === 'pending' ? 'payNote_notCharged' : 'payNote_refund';
      expect(sms).toContain(text(locale, note));
      expect(summary.paymentLine).toContain(text(locale, c.payment === 'pending' ? 'payState_notCharged' : 'payState_refund'));
    }
    if (status === 'cancelled' && method === 'cod') expect(summary.paymentLine).toBe(paymentName);
  });

  it('keeps an order’s SMS within two segments (134 characters in Arabic, 306 in English)', () => {
    const limits = { ar: 134, en: 306 } as const;
    for (const c of CASES) {
      const payload: OrderMessagePayload = c.reminder ? { event: 'kiosk_reminder' } : { status: c.status };
      const { sms } = composeOrderMessage(c.locale, payload, orderRow(c.method, c.status, c.payment));
      expect(sms.length, sms).toBeLessThanOrEqual(limits[c.locale]);
    }
  });
});
