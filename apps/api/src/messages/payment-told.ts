/**
 * What an order's messages say about paying for it, true to its way of paying and to the state it is told in: a cash
 * order is paid on delivery, an online one waits for its own method (never "your card payment" for a kiosk, a wallet
 * or valU), a kiosk one carries its reference number and the time it runs out, a paid one has nothing left to pay, a
 * cancelled one says whether anything was charged. The SMS, the e-mail's message and its payment line all come from
 * here, so they never disagree.
 */
import type { Locale, OrderStatus, PaymentMethod } from '@attar/contract';
import { cairoTime, money, text, type TextKey } from '../i18n/catalogue';
import { ltrText } from './emails';

/** The payment method names of the API catalogue (the same words as the storefront's checkout). */
export const PAYMENT_TEXT = {
  cod: 'paymentCod',
  card: 'paymentCard',
  wallet: 'paymentWallet',
  kiosk: 'paymentKiosk',
  valu: 'paymentValu',
} as const satisfies Record<PaymentMethod, TextKey>;

const PENDING_TEXT = {
  cod: 'progress_pending_payment',
  card: 'pending_card',
  wallet: 'pending_wallet',
  kiosk: 'pending_kiosk',
  valu: 'pending_valu',
} as const satisfies Record<PaymentMethod, TextKey>;

/** How an order is paid, as it stands: its latest online payment (none for cash on delivery). */
export type PaymentFacts = {
  method: PaymentMethod;
  payment: 'pending' | 'paid' | 'declined' | 'refund_pending' | 'refunded' | null;
  kioskReference: string | null;
  /** When the kiosk reference runs out. */
  kioskDeadline: Date | null;
};

/** The kiosk's reference (left to right in any sentence) and its deadline, in Cairo's time. */
export const kioskValues = (locale: Locale, facts: PaymentFacts) => ({
  reference: ltrText(facts.kioskReference ?? ''),
  deadline: facts.kioskDeadline ? cairoTime(locale, facts.kioskDeadline) : '',
});

/** The statuses whose SMS says how to pay (or that nothing is left to pay); the others stay one short segment. */
const NOTE_TOLD: ReadonlySet<OrderStatus> = new Set(['pending_payment', 'placed', 'shipped', 'cancelled']);

/**
 * For an order told in `status`: `progress` (what the order's sentence says of it), `note` (what to do about paying,
 * possibly empty: only in the statuses of NOTE_TOLD) and `line` (the e-mail's payment line: the method's name and where
 * its payment stands, for every status).
 */
export function paymentTold(locale: Locale, status: OrderStatus, facts: PaymentFacts, totalPiastres: number) {
  const total = money(locale, totalPiastres);
  const method = text(locale, PAYMENT_TEXT[facts.method]);
  const cash = facts.method === 'cod';
  const paid = facts.payment === 'paid' || facts.payment === 'refund_pending';
  const kiosk = facts.method === 'kiosk' && facts.kioskReference !== null && facts.kioskDeadline !== null;
  const told = (note: TextKey | null, state: TextKey | null) => ({
    progress: text(locale, status === 'pending_payment' ? PENDING_TEXT[facts.method] : `progress_${status}`),
    note: note && NOTE_TOLD.has(status) ? text(locale, note, { total, method, ...kioskValues(locale, facts) }) : '',
    line: state ? `${method} · ${text(locale, state, { total, ...kioskValues(locale, facts) })}` : method,
  });
  switch (status) {
    case 'pending_payment':
      if (facts.method === 'kiosk')
        return kiosk ? told('payNote_kiosk', 'payState_kiosk') : told('payNote_kioskNoReference', 'payState_pending');
      return told(null, 'payState_pending');
    case 'cancelled':
      if (cash) return told(null, null);
      if (paid) return told('payNote_refund', 'payState_refund');
      if (facts.payment === 'refunded') return told(null, 'payState_refunded');
      return told('payNote_notCharged', 'payState_notCharged');
    case 'refunded':
      return told(null, 'payState_refunded');
    case 'delivered':
      return told(null, cash ? 'payState_codPaid' : 'payState_paid');
    default:
      // Placed, confirmed, packed, shipped: cash is still to pay; an online order got here once paid.
      if (cash) return told('payNote_cod', 'payState_cod');
      return paid ? told('payNote_paid', 'payState_paid') : told(null, 'payState_pending');
  }
}
