/**
 * Phone orders paid online through a payment link (decision 0060): staff place the order, the caller gets a signed link
 * by SMS (and e-mail, or WhatsApp where the shop's messages go by WhatsApp) to a page of the shop showing the order,
 * whose "Pay" starts the payment with the gateway for the order's method. What staff see of the link.
 */
import { z } from 'zod';
import { OrderTracking } from './checkout';
import { Money } from './common';

/** The hours a payment link stays payable: the shop's `payment_link_hours`, at most a week. */
export const PAYMENT_LINK_HOURS_MAX = 168;

/** The ways a phone order is paid: cash on delivery, or online through a payment link. */
export const PHONE_ORDER_PAYMENT_METHODS = ['cod', 'card', 'wallet', 'valu'] as const;
export const PhoneOrderPaymentMethod = z.enum(PHONE_ORDER_PAYMENT_METHODS);
export type PhoneOrderPaymentMethod = z.infer<typeof PhoneOrderPaymentMethod>;

/**
 * Where a payment link stands: payable (the order waits for its payment and the link has not run out), paid, cancelled
 * (declined, or cancelled by staff), or expired (not paid in time).
 */
export const PAYMENT_LINK_STATES = ['payable', 'paid', 'cancelled', 'expired'] as const;
export const PaymentLinkState = z.enum(PAYMENT_LINK_STATES);
export type PaymentLinkState = z.infer<typeof PaymentLinkState>;

export const PaymentLinkQuery = z.object({ token: z.string().min(1).max(512) });
/** The link page's "Pay" (an HTML form's POST: it works without scripts). */
export const PaymentLinkPayRequest = z.object({ token: z.string().min(1).max(512) });

/** The order a payment link names, as its page shows it; the page offers "Pay" only while `state` is payable. */
export const PaymentLinkView = z.object({
  order_number: z.string(),
  items: OrderTracking.shape.items,
  total: Money,
  /**
   * What the link asks for: the order's total, or, once staff raised a paid order's total (decision 0062), the balance
   * it owes; nothing once settled.
   */
  amount_due: Money,
  /** Whether the link pays the balance of an order already paid rather than the order itself. */
  balance: z.boolean(),
  payment_method: PhoneOrderPaymentMethod.exclude(['cod']),
  expires_at: z.iso.datetime({ offset: true }),
  state: PaymentLinkState,
});
export type PaymentLinkView = z.infer<typeof PaymentLinkView>;

/** What staff see of an order's payment link: sent when, how often, to which number, and where it stands. */
export const StaffPaymentLink = z.object({
  phone: z.string(),
  first_sent_at: z.iso.datetime({ offset: true }),
  last_sent_at: z.iso.datetime({ offset: true }),
  sends: z.number().int(),
  expires_at: z.iso.datetime({ offset: true }),
  state: PaymentLinkState,
  /** Whether it now asks for the balance of an order already paid (decision 0062). */
  balance: z.boolean(),
});
export type StaffPaymentLink = z.infer<typeof StaffPaymentLink>;
