/** Which actions the order page offers: those the state machine allows from the status and the role may take. */
import { staffMay, type OrderStatus, type StaffPermission, type StaffRole } from '@attar/contract';

export type OrderAction = 'confirm' | 'pack' | 'ship' | 'deliver' | 'cancel' | 'refund';

/** The state machine of docs/orders.md, as the back office acts on it (the API checks it again). */
const ACTIONS: Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus; permission: StaffPermission }> = {
  confirm: { from: ['placed'], to: 'confirmed', permission: 'fulfilOrders' },
  pack: { from: ['confirmed'], to: 'packed', permission: 'fulfilOrders' },
  ship: { from: ['packed'], to: 'shipped', permission: 'fulfilOrders' },
  deliver: { from: ['shipped'], to: 'delivered', permission: 'fulfilOrders' },
  cancel: { from: ['pending_payment', 'placed', 'confirmed', 'packed'], to: 'cancelled', permission: 'cancelOrders' },
  refund: { from: ['delivered'], to: 'refunded', permission: 'refundOrders' },
};

export function availableActions(role: StaffRole, status: OrderStatus): OrderAction[] {
  return (Object.keys(ACTIONS) as OrderAction[]).filter(
    (action) => ACTIONS[action].from.includes(status) && staffMay(role, ACTIONS[action].permission),
  );
}

export const actionTarget = (action: OrderAction) => ACTIONS[action].to;

/** Confirm and pack happen at once; the others ask something first (courier, cash collected, a reason). */
export const actionAsksFirst = (action: OrderAction) => action !== 'confirm' && action !== 'pack';
