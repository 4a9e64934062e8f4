import { z } from 'zod';
import { OrderStatus, PaymentMethod } from './checkout';
import { Id, paginated } from './common';

/**
 * The bell's list (`GET /api/notifications/`, newest first): each one a kind and what it is about, worded by the
 * storefront in the reader's language. `POST /api/notifications/read/` marks the given ids, or all, read.
 */
export const NOTIFICATION_KINDS = ['order_status', 'order_shipped', 'return', 'back_in_stock', 'points_earned'] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** What happened to a return, or a refund. */
export const NOTIFICATION_RETURN_EVENTS = [
  'return_requested',
  'return_approved',
  'return_rejected',
  'return_received',
  'refunded',
] as const;

const OrderRef = z.object({ order_id: Id, order_number: z.string() });

const NotificationBase = z.object({
  id: Id,
  created_at: z.iso.datetime({ offset: true }),
  read: z.boolean(),
});

export const ShopperNotification = z.discriminatedUnion('kind', [
  NotificationBase.extend({
    kind: z.literal('order_status'),
    /** `payment_method`: how the order is paid, so the words fit it (absent on notifications recorded before it). */
    params: OrderRef.extend({ status: OrderStatus, payment_method: PaymentMethod.optional() }),
  }),
  NotificationBase.extend({
    kind: z.literal('order_shipped'),
    params: OrderRef.extend({ courier: z.string(), tracking: z.string() }),
  }),
  NotificationBase.extend({ kind: z.literal('return'), params: OrderRef.extend({ event: z.enum(NOTIFICATION_RETURN_EVENTS) }) }),
  NotificationBase.extend({ kind: z.literal('points_earned'), params: OrderRef.extend({ points: z.number().int().positive() }) }),
  NotificationBase.extend({
    kind: z.literal('back_in_stock'),
    /** `ml`: the size asked for (absent: any size). Both names, so the list reads in either language. */
    params: z.object({ slug: z.string(), name_en: z.string(), name_ar: z.string(), ml: z.number().int().positive().optional() }),
  }),
]);
export type ShopperNotification = z.infer<typeof ShopperNotification>;

export const NotificationPage = paginated(ShopperNotification).extend({ unread: z.number().int().nonnegative() });
export type NotificationPage = z.infer<typeof NotificationPage>;

/** Without `ids`, every notification of the caller. */
export const NotificationsReadRequest = z.object({ ids: z.array(Id).min(1).max(100).optional() });
export type NotificationsReadRequest = z.infer<typeof NotificationsReadRequest>;
export const NotificationsReadResponse = z.object({ unread: z.number().int().nonnegative() });
export type NotificationsReadResponse = z.infer<typeof NotificationsReadResponse>;
