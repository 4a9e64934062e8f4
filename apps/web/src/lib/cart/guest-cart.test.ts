import { beforeEach, describe, expect, it } from 'vitest';
import { clearGuestCart, parseCartLines, readCart, readGuestCart, removeCartLine, setCartLine } from './guest-cart';
import { MemoryStorage } from '../test-storage';

let store: MemoryStorage;
beforeEach(() => {
  store = new MemoryStorage();
});

describe('guest cart in local storage', () => {
  it('writes products as [{id, quantity}] under the key "products"', () => {
    setCartLine(store, 'product', { id: 7, quantity: 2 });
    expect(JSON.parse(store.getItem('products')!)).toEqual([{ id: 7, quantity: 2 }]);
    expect(store.getItem('offers')).toBeNull();
  });

  it('keeps offers under "offers", apart from products', () => {
    setCartLine(store, 'offer', { id: 3, quantity: 1 });
    expect(JSON.parse(store.getItem('offers')!)).toEqual([{ id: 3, quantity: 1 }]);
    expect(readCart(store, 'product')).toEqual([]);
  });

  it('sets the quantity of a line that is already there instead of adding a second line', () => {
    setCartLine(store, 'product', { id: 7, quantity: 2 });
    setCartLine(store, 'product', { id: 9, quantity: 1 });
    setCartLine(store, 'product', { id: 7, quantity: 5 });
    expect(readCart(store, 'product')).toEqual([
      { id: 7, quantity: 5 },
      { id: 9, quantity: 1 },
    ]);
  });

  it('reads both kinds for the merge call and empties them afterwards', () => {
    setCartLine(store, 'product', { id: 1, quantity: 4 });
    setCartLine(store, 'offer', { id: 2, quantity: 1 });
    expect(readGuestCart(store)).toEqual({ products: [{ id: 1, quantity: 4 }], offers: [{ id: 2, quantity: 1 }] });
    clearGuestCart(store);
    expect(readGuestCart(store)).toEqual({ products: [], offers: [] });
  });

  it('removes a line', () => {
    setCartLine(store, 'product', { id: 1, quantity: 1 });
    setCartLine(store, 'product', { id: 2, quantity: 1 });
    expect(removeCartLine(store, 'product', { id: 1 })).toEqual([{ id: 2, quantity: 1 }]);
  });

  it('keeps each size of a product as its own line, and a line without a size apart (the default size)', () => {
    setCartLine(store, 'product', { id: 7, variant: 70, quantity: 1 });
    setCartLine(store, 'product', { id: 7, variant: 71, quantity: 2 });
    setCartLine(store, 'product', { id: 7, quantity: 3 });
    setCartLine(store, 'product', { id: 7, variant: 71, quantity: 4 });
    expect(readCart(store, 'product')).toEqual([
      { id: 7, variant: 70, quantity: 1 },
      { id: 7, variant: 71, quantity: 4 },
      { id: 7, quantity: 3 },
    ]);
    expect(removeCartLine(store, 'product', { id: 7, variant: 70 })).toEqual([
      { id: 7, variant: 71, quantity: 4 },
      { id: 7, quantity: 3 },
    ]);
    expect(parseCartLines('[{"id":7,"variant":"big","quantity":1},{"id":7,"variant":0,"quantity":1}]')).toEqual([]);
  });

  it('reads a corrupt value as an empty cart and then overwrites it', () => {
    for (const corrupt of ['{not json', '"text"', '{"id":1}', 'null', '42']) {
      store.setItem('products', corrupt);
      expect(readCart(store, 'product')).toEqual([]);
    }
    setCartLine(store, 'product', { id: 4, quantity: 1 });
    expect(readCart(store, 'product')).toEqual([{ id: 4, quantity: 1 }]);
  });

  it('keeps the first line when an id appears twice', () => {
    expect(parseCartLines('[{"id":5,"quantity":2},{"id":5,"quantity":9}]')).toEqual([{ id: 5, quantity: 2 }]);
  });

  it('drops malformed lines and keeps the good ones', () => {
    expect(
      parseCartLines('[{"id":1,"quantity":2},{"id":"x","quantity":1},{"id":2,"quantity":0},null,{"id":3,"quantity":1,"extra":true}]'),
    ).toEqual([
      { id: 1, quantity: 2 },
      { id: 3, quantity: 1 },
    ]);
  });
});
