import { describe, expect, it } from 'vitest';
import { availableActions } from './order-actions';

describe('order actions', () => {
  it('follow the state machine and the role', () => {
    expect(availableActions('fulfilment', 'placed')).toEqual(['confirm']);
    expect(availableActions('manager', 'placed')).toEqual(['confirm', 'cancel']);
    expect(availableActions('support', 'placed')).toEqual(['cancel']);
    expect(availableActions('fulfilment', 'packed')).toEqual(['ship']);
    expect(availableActions('owner', 'shipped')).toEqual(['deliver']);
    expect(availableActions('owner', 'delivered')).toEqual(['refund']);
    expect(availableActions('support', 'delivered')).toEqual([]);
    expect(availableActions('owner', 'cancelled')).toEqual([]);
  });
});
