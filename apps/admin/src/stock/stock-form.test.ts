import { describe, expect, it } from 'vitest';
import { stockChange, stockFieldOf, stockResolver, type StockForm } from './stock-form';

const form = (overrides: Partial<StockForm>): StockForm => ({ reason: 'received', quantity: '', note: '', ...overrides });
const resolve = async (values: StockForm) =>
  stockResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false } as Parameters<typeof stockResolver>[2]);

describe('the stock adjustment form', () => {
  it('takes a count of units in or out, and a signed change for a correction', () => {
    expect(stockChange(form({ quantity: '6' }))).toBe(6);
    expect(stockChange(form({ reason: 'damaged', quantity: '٢' }))).toBe(-2);
    expect(stockChange(form({ reason: 'correction', quantity: '−3' }))).toBe(-3);
    expect(stockChange(form({ reason: 'correction', quantity: '+4' }))).toBe(4);
    expect(stockChange(form({ reason: 'received', quantity: '-3' }))).toBeNaN();
    expect(stockChange(form({ reason: 'damaged', quantity: '0' }))).toBeNaN();
  });

  it('sends the contract’s request, the note only when there is one', async () => {
    expect((await resolve(form({ reason: 'damaged', quantity: '1', note: ' Cracked cap ' }))).values).toEqual({
      change: -1,
      reason: 'damaged',
      note: 'Cracked cap',
    });
    expect((await resolve(form({ quantity: '12' }))).values).toEqual({ change: 12, reason: 'received' });
  });

  it('names each problem by its field in the back office’s words', async () => {
    expect((await resolve(form({ quantity: '1.5' }))).errors).toEqual({ quantity: { type: 'client', message: 'errorUnits' } });
    expect((await resolve(form({ reason: 'correction', quantity: '0' }))).errors).toEqual({
      quantity: { type: 'client', message: 'errorChange' },
    });
    expect((await resolve(form({ quantity: '1', note: 'x'.repeat(301) }))).errors).toEqual({
      note: { type: 'client', message: 'errorTooLong' },
    });
  });

  it('puts the API’s field errors under their fields', () => {
    expect(stockFieldOf('change')).toBe('quantity');
    expect(stockFieldOf('note')).toBe('note');
    expect(stockFieldOf('size')).toBeNull();
  });
});
