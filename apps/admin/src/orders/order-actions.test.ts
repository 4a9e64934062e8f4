import { ORDER_STATUSES, STAFF_ROLES, type OrderStatus, type ReturnStatus } from '@attar/contract';
import { describe, expect, it } from 'vitest';
import { actionAsksFirst, actionTarget, availableActions, availableReturnSteps, mayRefund } from './order-actions';

describe('order actions', () => {
  it('follow the state machine and the role', () => {
    expect(availableActions('fulfilment', 'placed')).toEqual(['confirm']);
    expect(availableActions('manager', 'placed')).toEqual(['confirm', 'cancel']);
    expect(availableActions('support', 'placed')).toEqual(['cancel']);
    expect(availableActions('fulfilment', 'confirmed')).toEqual(['pack']);
    expect(availableActions('fulfilment', 'packed')).toEqual(['ship']);
    expect(availableActions('support', 'packed')).toEqual(['cancel']);
    expect(availableActions('support', 'pending_payment')).toEqual(['cancel']);
    expect(availableActions('fulfilment', 'pending_payment')).toEqual([]);
    expect(availableActions('owner', 'shipped')).toEqual(['deliver']);
    expect(availableActions('owner', 'delivered')).toEqual([]);
    expect(availableActions('fulfilment', 'delivered')).toEqual([]);
    expect(availableActions('support', 'delivered')).toEqual([]);
  });

  it('offer nothing on a finished order, whoever asks', () => {
    for (const role of STAFF_ROLES) {
      expect(availableActions(role, 'cancelled')).toEqual([]);
      expect(availableActions(role, 'refunded')).toEqual([]);
    }
  });

  it('never offer support a fulfilment step, nor fulfilment a cancellation', () => {
    for (const status of ORDER_STATUSES) {
      expect(availableActions('support', status)).not.toContain('confirm');
      expect(availableActions('support', status)).not.toContain('ship');
      expect(availableActions('fulfilment', status)).not.toContain('cancel');
    }
  });

  it('ask first only where the API needs more than the version', () => {
    expect(actionTarget('ship')).toBe('shipped');
    expect(actionAsksFirst('confirm')).toBe(false);
    expect(actionAsksFirst('pack')).toBe(false);
    expect(actionAsksFirst('ship')).toBe(true);
    expect(actionAsksFirst('cancel')).toBe(true);
  });

  it('refund a delivered order, for those who may refund', () => {
    const order = (status: OrderStatus, ...returns: ReturnStatus[]) => ({ status, returns: returns.map((each) => ({ status: each })) });
    expect(mayRefund('owner', order('delivered'))).toBe(true);
    expect(mayRefund('manager', order('delivered', 'refunded', 'requested'))).toBe(true);
    expect(mayRefund('support', order('delivered'))).toBe(false);
    expect(mayRefund('fulfilment', order('delivered'))).toBe(false);
    expect(mayRefund('owner', order('shipped'))).toBe(false);
    expect(mayRefund('owner', order('refunded'))).toBe(false);
    // A return back in the shop is refunded as that return: one refund offered, not two.
    expect(mayRefund('owner', order('delivered', 'received'))).toBe(false);
  });

  it('take a return through its steps, each by the roles allowed it', () => {
    expect(availableReturnSteps('support', 'requested')).toEqual(['approve', 'reject']);
    expect(availableReturnSteps('fulfilment', 'requested')).toEqual([]);
    expect(availableReturnSteps('fulfilment', 'approved')).toEqual(['receive']);
    expect(availableReturnSteps('manager', 'approved')).toEqual(['reject', 'receive']);
    expect(availableReturnSteps('support', 'received')).toEqual([]);
    expect(availableReturnSteps('manager', 'received')).toEqual(['refund']);
    for (const role of STAFF_ROLES) {
      expect(availableReturnSteps(role, 'rejected')).toEqual([]);
      expect(availableReturnSteps(role, 'refunded')).toEqual([]);
    }
  });
});
