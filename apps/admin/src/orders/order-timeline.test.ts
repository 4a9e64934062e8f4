import { describe, expect, it } from 'vitest';
import { orderTimeline } from './order-timeline';

describe('order timeline', () => {
  const owner = { id: 1, name: 'Demo owner', email: 'owner@attar.test' };
  it('joins each status change with its audit entry and keeps other entries, oldest first, without notes', () => {
    const items = orderTimeline({
      timeline: [
        { at: '2026-01-01T10:00:00Z', from: null, to: 'placed', staff: null },
        { at: '2026-01-01T12:00:00Z', from: 'packed', to: 'shipped', staff: owner },
      ],
      audit: [
        {
          id: 9,
          at: '2026-01-01T12:00:00Z',
          staff: owner,
          action: 'order.ship',
          entity: 'order',
          entity_id: '5',
          before: { status: 'packed' },
          after: { status: 'shipped', courier_name: 'Bosta', tracking_number: 'BST-1' },
        },
        {
          id: 10,
          at: '2026-01-01T11:00:00Z',
          staff: owner,
          action: 'order.note',
          entity: 'order',
          entity_id: '5',
          before: null,
          after: { note: 'x' },
        },
        {
          id: 11,
          at: '2026-01-01T11:30:00Z',
          staff: owner,
          action: 'order.edit',
          entity: 'order',
          entity_id: '5',
          before: { a: 1 },
          after: { a: 2 },
        },
      ],
    });
    expect(items.map((item) => (item.kind === 'status' ? item.to : item.action))).toEqual(['placed', 'order.edit', 'shipped']);
    expect(items[2]?.changes.map((change) => change.field)).toEqual(['courier_name', 'tracking_number']);
    expect(items[0]?.changes).toEqual([]);
  });
});
