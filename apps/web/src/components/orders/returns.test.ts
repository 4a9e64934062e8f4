import { describe, expect, it } from 'vitest';
import type { Order, OrderReturn } from '@attar/contract';
import { mayAskForReturn, returnableLines, returnRequestLines, returnSteps } from './returns';

type Line = Order['items'][number];
const line = (id: number, quantity: number, refunded = 0, inReturn = 0): Line => ({
  id,
  product_obj: null,
  size_ml: null,
  offer_obj: null,
  quantity,
  price: 100,
  points: 1,
  refunded_quantity: refunded,
  return_quantity: inReturn,
});
const order = (items: Line[], returnableUntil: string | null) => ({ items, returnable_until: returnableUntil }) as Order;

const ret = (status: OrderReturn['status'], dates: Partial<OrderReturn> = {}): OrderReturn => ({
  id: 1,
  status,
  reason: 'Too strong',
  staff_message: null,
  lines: [{ item: 1, quantity: 1, restocked: null }],
  created_at: '2026-11-01T10:00:00Z',
  decided_at: null,
  received_at: null,
  refunded_at: null,
  ...dates,
});

describe('returnableLines', () => {
  it('leaves out units refunded or already in a return, and lines with nothing left', () => {
    const lines = returnableLines(order([line(1, 3, 1), line(2, 2, 1, 1), line(3, 1)], null));
    expect(lines.map(({ line: l, left }) => [l.id, left])).toEqual([
      [1, 2],
      [3, 1],
    ]);
  });
});

describe('mayAskForReturn', () => {
  it('needs a deadline from the API and a unit left', () => {
    expect(mayAskForReturn(order([line(1, 1)], '2026-12-01T00:00:00Z'))).toBe(true);
    expect(mayAskForReturn(order([line(1, 1)], null))).toBe(false);
    expect(mayAskForReturn(order([line(1, 1, 1)], '2026-12-01T00:00:00Z'))).toBe(false);
  });
});

describe('returnSteps', () => {
  it('lists the steps ahead undone while a return waits', () => {
    expect(returnSteps(ret('requested')).map((s) => [s.name, s.done])).toEqual([
      ['requested', true],
      ['approved', false],
      ['received', false],
      ['refunded', false],
    ]);
  });

  it('ends at the rejection, with its date', () => {
    const steps = returnSteps(ret('rejected', { decided_at: '2026-11-02T10:00:00Z' }));
    expect(steps.map((s) => [s.name, s.at])).toEqual([
      ['requested', '2026-11-01T10:00:00Z'],
      ['rejected', '2026-11-02T10:00:00Z'],
    ]);
  });

  it('marks every step done once refunded', () => {
    const dates = { decided_at: '2026-11-02T10:00:00Z', received_at: '2026-11-04T10:00:00Z', refunded_at: '2026-11-05T10:00:00Z' };
    expect(returnSteps(ret('refunded', dates)).every((s) => s.done)).toBe(true);
  });
});

describe('returnRequestLines', () => {
  it('sends only lines with units chosen', () => {
    expect(returnRequestLines({ 4: 0, 7: 2, 9: 1 })).toEqual([
      { item: 7, quantity: 2 },
      { item: 9, quantity: 1 },
    ]);
  });
});
