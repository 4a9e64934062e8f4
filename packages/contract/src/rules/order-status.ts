/**
 * Who may move an order where: the steps staff take on an order (the back office offers them, the API allows exactly
 * them) and the statuses from which a shopper may still cancel their own. The state machine itself, with each step's
 * effects, is the API's (docs/orders.md).
 */

/** An order's statuses, in the order an order usually passes them (the schema `OrderStatus` is built from these). */
export const ORDER_STATUSES = [
  'pending_payment',
  /** A cash order the shop asks its shopper to confirm before packing (decision 0048). */
  'awaiting_shopper',
  'placed',
  'confirmed',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The statuses from which a shopper may still cancel their own order: before anyone has confirmed it (waiting for
 * payment, for their own confirmation of a cash order, or for the shop's). The account page offers Cancel only then.
 */
export const SHOPPER_CANCELLABLE_STATUSES = ['pending_payment', 'awaiting_shopper', 'placed'] as const;

/**
 * The statuses in which staff may still correct an order's lines, address and delivery fee (decision 0057): placed,
 * confirmed or packed, so before its hand-over to a courier. Not while it waits for its payment (the gateway was asked
 * for that amount) or for its shopper's answer (the question named that total).
 */
export const ORDER_EDITABLE_STATUSES = ['placed', 'confirmed', 'packed'] as const;

export type StaffOrderActionName = 'confirm' | 'pack' | 'ship' | 'deliver' | 'cancel';

/**
 * Staff's steps of an order: from which statuses, to which, and the permission each needs. A cash order waiting for
 * its shopper may be cancelled by staff (after a call); it is confirmed for the shopper by its own step. A shipped
 * parcel is cancelled only when its courier brings it back, never from here.
 */
export const STAFF_ORDER_ACTIONS: Record<
  StaffOrderActionName,
  // The permissions are names of `STAFF_PERMISSIONS` (staff.ts); `staffMay` accepts nothing else.
  { from: readonly OrderStatus[]; to: OrderStatus; permission: 'fulfilOrders' | 'cancelOrders' }
> = {
  confirm: { from: ['placed'], to: 'confirmed', permission: 'fulfilOrders' },
  pack: { from: ['confirmed'], to: 'packed', permission: 'fulfilOrders' },
  ship: { from: ['packed'], to: 'shipped', permission: 'fulfilOrders' },
  deliver: { from: ['shipped'], to: 'delivered', permission: 'fulfilOrders' },
  cancel: { from: ['pending_payment', 'awaiting_shopper', 'placed', 'confirmed', 'packed'], to: 'cancelled', permission: 'cancelOrders' },
};

/**
 * The steps staff may take back for a minute after taking them (decision 0059), from the order's page: those that change
 * nothing but the status. Hand-over, delivery, cancelling and refunds move stock, money or a courier and are never
 * undone; a step whose message to the shopper has gone out is not either.
 */
export const UNDOABLE_ACTIONS = ['confirm', 'pack'] as const satisfies readonly StaffOrderActionName[];
export type UndoableAction = (typeof UNDOABLE_ACTIONS)[number];
export const UNDO_SECONDS = 60;
