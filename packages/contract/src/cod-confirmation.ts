/**
 * Cash orders the shopper confirms before packing (decision 0048): the shop's rule for which cash orders are asked,
 * the public page a signed link opens (the order, and two answers), and what staff see of the question.
 */
import { z } from 'zod';
import { Id, Money } from './common';
import { OrderAddress, OrderTracking } from './checkout';

/**
 * Which cash orders wait for their shopper's confirmation: none, every one, those whose total is above an amount, or a
 * shopper's first (no earlier cash order of theirs delivered). Phone orders never do: staff spoke to the shopper.
 */
export const COD_CONFIRM_RULES = ['none', 'all', 'above', 'first'] as const;
export const CodConfirmRule = z.enum(COD_CONFIRM_RULES);
export type CodConfirmRule = z.infer<typeof CodConfirmRule>;
/** The hours after which an unanswered order is flagged to staff, and cancelled (the link expires then too). */
export const COD_CONFIRM_HOURS_MAX = 168;

/**
 * How a question was answered: the shopper by the link, by WhatsApp or from their account (cancelling the order), staff
 * (after a call, or cancelling the order), or nobody in time.
 */
export const CONFIRMATION_CHANNELS = ['link', 'whatsapp', 'account', 'staff', 'timeout'] as const;
export type ConfirmationChannel = (typeof CONFIRMATION_CHANNELS)[number];
export const CONFIRMATION_ANSWERS = ['confirm', 'cancel'] as const;
export const ConfirmationAnswer = z.enum(CONFIRMATION_ANSWERS);
export type ConfirmationAnswer = z.infer<typeof ConfirmationAnswer>;

export const OrderConfirmationQuery = z.object({ token: z.string().min(1).max(512) });
export const OrderConfirmationRequest = z.object({ token: z.string().min(1).max(512), answer: ConfirmationAnswer });
export type OrderConfirmationRequest = z.infer<typeof OrderConfirmationRequest>;

/**
 * The order a confirmation link names, as its page shows it. `answer`: what was decided (by anyone, any channel), or
 * null while the question is open; the page offers the two buttons only while it is open and `expires_at` is ahead.
 */
export const OrderConfirmation = z.object({
  order_number: z.string(),
  status: OrderTracking.shape.status,
  items: OrderTracking.shape.items,
  total: Money,
  address: OrderAddress,
  expires_at: z.iso.datetime({ offset: true }),
  answer: z.enum(['confirmed', 'cancelled']).nullable(),
});
export type OrderConfirmation = z.infer<typeof OrderConfirmation>;

/** What staff see of an order's question: when it was asked, flagged, answered and how, and how often it was sent. */
export const StaffOrderConfirmation = z.object({
  asked_at: z.iso.datetime({ offset: true }),
  expires_at: z.iso.datetime({ offset: true }),
  flagged_at: z.iso.datetime({ offset: true }).nullable(),
  answer: z.enum(['confirmed', 'cancelled']).nullable(),
  answered_via: z.enum(CONFIRMATION_CHANNELS).nullable(),
  answered_at: z.iso.datetime({ offset: true }).nullable(),
  answered_by: z.object({ id: Id, name: z.string(), email: z.string() }).nullable(),
  sends: z.number().int(),
  last_sent_at: z.iso.datetime({ offset: true }),
});
export type StaffOrderConfirmation = z.infer<typeof StaffOrderConfirmation>;
