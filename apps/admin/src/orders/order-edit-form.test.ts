import { describe, expect, it } from 'vitest';
import type { StaffOrder } from '@attar/contract';
import { oudRoyalInSizes, placedOrder } from '../test/orders';
import { addedLine, editLines, mayEditOrder, orderEditField, orderEditForm, orderEditRequest, unitsAvailable } from './order-edit-form';

const oud = oudRoyalInSizes;
const items = [
  { id: 101, product_obj: oud, offer_obj: null, size_ml: 100, variant: 501, quantity: 2 },
  // An order read before lines named their size: found by millilitres.
  { id: 102, product_obj: oud, offer_obj: null, size_ml: 50, quantity: 1 },
  { id: 103, product_obj: null, offer_obj: { id: 9, name: 'Eid Box', stock: 3 }, size_ml: null, quantity: 1 },
] as unknown as StaffOrder['items'];

describe("an order's edit", () => {
  it('is for roles that may edit, before hand-over', () => {
    expect(mayEditOrder('support', 'packed')).toBe(true);
    expect(mayEditOrder('fulfilment', 'placed')).toBe(false);
    expect(mayEditOrder('owner', 'shipped')).toBe(false);
    expect(mayEditOrder('owner', 'awaiting_shopper')).toBe(false);
  });

  it('starts from the order’s lines, adds a size or a unit, and counts what the order holds as available', () => {
    const lines = editLines({ items });
    expect(lines.map((line) => [line.kind, line.kind === 'product' ? line.variant : line.offer.id, line.quantity])).toEqual([
      ['product', 501, 2],
      ['product', 502, 1],
      ['offer', 9, 1],
    ]);
    expect(lines.map(unitsAvailable)).toEqual([6, 5, 4]);
    const more = addedLine(lines, oud, 501);
    expect(more).toHaveLength(3);
    expect(more[0]!.quantity).toBe(3);
    const fresh = addedLine(editLines({ items: items.slice(0, 1) }), oud, 502);
    expect(fresh[1]).toMatchObject({ kind: 'product', variant: 502, quantity: 1, held: 0 });
  });

  it('sends the lines, the address only when changed, the fee by hand or null, the code taken off when asked', () => {
    const form = orderEditForm({ ...placedOrder, delivery_fee: 20, delivery_fee_reason: 'Neighbour' });
    expect(form).toMatchObject({ fee_by_hand: true, fee_amount: '20', fee_reason: 'Neighbour', change_address: false });
    const lines = editLines({ items });
    expect(orderEditRequest({ version: 3 }, form, lines)).toEqual({
      version: 3,
      items: [
        { product: 40, variant: 501, quantity: 2 },
        { product: 40, variant: 502, quantity: 1 },
        { offer: 9, quantity: 1 },
      ],
      delivery_fee: { amount: 20, reason: 'Neighbour' },
    });
    const changed = orderEditRequest(
      { version: 3 },
      { ...form, change_address: true, fee_by_hand: false, remove_promotion: true, street: '9 Pyramids Road' },
      lines,
    );
    expect(changed).toMatchObject({ delivery_fee: null, remove_promotion: true, address: { street: '9 Pyramids Road' } });
    expect(orderEditRequest({ version: 3 }, { ...form, fee_amount: ' ' }, lines).delivery_fee?.amount).toBeNaN();
  });

  it('puts each problem under its field', () => {
    expect(orderEditField(['items', 0, 'quantity'])).toBe('items');
    expect(orderEditField('address.city')).toBe('city');
    expect(orderEditField(['delivery_fee', 'reason'])).toBe('fee_reason');
    expect(orderEditField(['delivery_fee', 'amount'])).toBe('fee_amount');
    expect(orderEditField('version')).toBeNull();
  });
});
