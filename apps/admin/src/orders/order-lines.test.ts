import { describe, expect, it } from 'vitest';
import type { StaffOrder } from '@attar/contract';
import { lineLabel } from './order-lines';

type Line = StaffOrder['items'][number];
const base = { id: 1, quantity: 1, price: 10, points: 0, product_obj: null, offer_obj: null, size_ml: null } as const;
const sizeLabel = (name: string, ml: number) => `${name} · ${ml} ml`;

describe('lineLabel', () => {
  it('names a product line with the size to pick', () => {
    const line = { ...base, product_obj: { name: 'Oud Royal' }, size_ml: 100 } as unknown as Line;
    expect(lineLabel(line, sizeLabel)).toBe('Oud Royal · 100 ml');
  });

  it('names an offer line by the offer alone', () => {
    const line = { ...base, offer_obj: { name: 'Eid gift set' } } as unknown as Line;
    expect(lineLabel(line, sizeLabel)).toBe('Eid gift set');
  });
});
