/** Which actions the order page offers: those the state machine allows from the status and the role may take. */
import { staffMay, type OrderStatus, type ReturnStatus, type StaffPermission, type StaffRole } from '@attar/contract';
import { STAFF_ORDER_ACTIONS as ACTIONS, type StaffOrderActionName } from '@attar/contract/rules';

export type OrderAction = StaffOrderActionName;

/** Whether the state machine lets the action start from the status (the role aside). */
export const actionStartsFrom = (action: OrderAction, status: OrderStatus) => ACTIONS[action].from.includes(status);

export function availableActions(role: StaffRole, status: OrderStatus): OrderAction[] {
  return (Object.keys(ACTIONS) as OrderAction[]).filter(
    (action) => actionStartsFrom(action, status) && staffMay(role, ACTIONS[action].permission),
  );
}

export const actionTarget = (action: OrderAction) => ACTIONS[action].to;

/** Confirm and pack happen at once; the others ask something first (courier, cash collected, a reason). */
export const actionAsksFirst = (action: OrderAction) => action !== 'confirm' && action !== 'pack';

/**
 * A delivered order may be refunded, in part or in full, by those who may refund; while a return of it has come back
 * and waits for its money, that return's own refund is the one offered, not a second one beside it.
 */
export const mayRefund = (role: StaffRole, order: { status: OrderStatus; returns: readonly { status: ReturnStatus }[] }) =>
  order.status === 'delivered' && staffMay(role, 'refundOrders') && !order.returns.some((ret) => ret.status === 'received');

export type ReturnStep = 'approve' | 'reject' | 'receive' | 'refund';
/** A return's steps (docs/orders.md), as the back office offers them (the API checks them again). */
const RETURN_STEPS: Record<ReturnStep, { from: readonly ReturnStatus[]; permission: StaffPermission }> = {
  approve: { from: ['requested'], permission: 'decideReturns' },
  reject: { from: ['requested', 'approved'], permission: 'decideReturns' },
  receive: { from: ['approved'], permission: 'receiveReturns' },
  refund: { from: ['received'], permission: 'refundOrders' },
};

export function availableReturnSteps(role: StaffRole, status: ReturnStatus): ReturnStep[] {
  return (Object.keys(RETURN_STEPS) as ReturnStep[]).filter(
    (step) => RETURN_STEPS[step].from.includes(status) && staffMay(role, RETURN_STEPS[step].permission),
  );
}
