/**
 * The order messages that could not be sent, in the back office (`/api/staff/messages/…`): the outbox's rows that
 * failed at every attempt (`dead`), or that wait for their next one (`pending`), newest first; and sending a dead one
 * again, or every dead one at once. Recipients are personal data: only the roles that read orders and may retry see them.
 */
import { z } from 'zod';
import { Id, IdParam, PageQuery, paginated } from './common';
import { OrderStatus } from './checkout';
import { NOTIFICATION_RETURN_EVENTS } from './notifications';

export const MESSAGE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export const MessageChannel = z.enum(MESSAGE_CHANNELS);
export type MessageChannel = z.infer<typeof MessageChannel>;
/**
 * What a message tells: an order's new status, a return's or refund's step, the new-order alert to the shop, or a
 * product back in stock to a shopper who asked (decision 0059).
 */
export const QUEUED_MESSAGE_KINDS = ['order_status', 'order_event', 'order_alert', 'back_in_stock'] as const;
export const QueuedMessageKind = z.enum(QUEUED_MESSAGE_KINDS);
export type QueuedMessageKind = z.infer<typeof QueuedMessageKind>;
/**
 * `held`: an SMS (or, for a back-in-stock alert, an SMS or e-mail) kept back while the same message goes by WhatsApp; it
 * is sent (`pending`) when WhatsApp fails or is not delivered in time, and `replaced` when WhatsApp delivers it.
 */
export const QUEUED_MESSAGE_STATES = ['pending', 'sent', 'dead', 'held', 'replaced'] as const;
export const QueuedMessageState = z.enum(QUEUED_MESSAGE_STATES);
export type QueuedMessageState = z.infer<typeof QueuedMessageState>;
/** The states the back office lists: the failed for good, those still being tried, and the sent (with WhatsApp's word). */
export const LISTED_MESSAGE_STATES = ['dead', 'pending', 'sent'] as const;
/** What WhatsApp last said of a message it took (its webhook): each only moves forward, `failed` ends it. */
export const WHATSAPP_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export const WhatsappStatus = z.enum(WHATSAPP_STATUSES);
export type WhatsappStatus = z.infer<typeof WhatsappStatus>;

export const StaffMessageQuery = PageQuery.extend({ state: z.enum(LISTED_MESSAGE_STATES).default('dead') });
export type StaffMessageQuery = z.infer<typeof StaffMessageQuery>;

const at = z.iso.datetime({ offset: true });
/**
 * One queued message. What it said: `status` for an order's status, `event` for a return's or refund's step, neither
 * for the new-order alert, `product` for a back-in-stock alert (which has no order). `last_error` is the mail server's
 * or SMS gateway's refusal, kept until the message is sent.
 */
export const StaffMessage = z.object({
  id: Id,
  order_id: Id.nullable(),
  order_number: z.string().nullable(),
  /** A back-in-stock alert's product, named in the message's language. */
  product: z.object({ slug: z.string(), name: z.string() }).nullable(),
  channel: MessageChannel,
  /** The e-mail address or phone it goes to. */
  recipient: z.string(),
  kind: QueuedMessageKind,
  status: OrderStatus.nullable(),
  /**
   * A return's or refund's step, `kiosk_reminder`: an unpaid kiosk order reminded before its reference runs out,
   * `confirmation_request`: a cash order's question to its shopper sent again (decision 0048), `order_edited`: staff
   * corrected the order and its shopper is told the new total (decision 0057), or `payment_link`: a payment link, a
   * phone order's (decision 0060) or for the balance of a paid order whose total an edit raised (decision 0062).
   */
  event: z.enum([...NOTIFICATION_RETURN_EVENTS, 'kiosk_reminder', 'confirmation_request', 'order_edited', 'payment_link']).nullable(),
  state: QueuedMessageState,
  attempts: z.number().int().nonnegative(),
  last_error: z.string().nullable(),
  /** A WhatsApp message's last status from WhatsApp (null before its first, and for the other channels). */
  whatsapp_status: WhatsappStatus.nullable(),
  /** When a WhatsApp message's SMS was sent instead (it failed, or was not delivered in time); null otherwise. */
  fell_back_at: at.nullable(),
  created_at: at,
  next_attempt_at: at,
});
export type StaffMessage = z.infer<typeof StaffMessage>;
export const StaffMessagePage = paginated(StaffMessage);

export const MessageParams = z.object({ id: IdParam });
/** How many dead messages were sent back to the queue. */
export const StaffMessagesRetried = z.object({ retried: z.number().int().nonnegative() });
export type StaffMessagesRetried = z.infer<typeof StaffMessagesRetried>;
