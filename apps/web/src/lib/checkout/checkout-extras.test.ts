import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../test-storage';
import { clearGuestExtras, GUEST_EXTRAS_KEY, NO_EXTRAS, readGuestExtras, saveGuestExtras } from './checkout-extras';

describe('a guest’s checkout extras', () => {
  it('are kept under their own key beside the guest cart, as typed, until cleared', () => {
    const storage = new MemoryStorage();
    storage.setItem('products', '[{"id":1,"quantity":2}]');
    const extras = { gift_wrap: true, gift_message: ' Happy birthday ', notes: 'اتصل قبل الوصول' };
    saveGuestExtras(storage, extras);
    expect(readGuestExtras(storage)).toEqual(extras);
    expect(storage.getItem('products')).toBe('[{"id":1,"quantity":2}]');
    clearGuestExtras(storage);
    expect(readGuestExtras(storage)).toEqual(NO_EXTRAS);
    expect(storage.getItem('products')).toBe('[{"id":1,"quantity":2}]');
  });

  it('keep nothing for the empty extras', () => {
    const storage = new MemoryStorage();
    saveGuestExtras(storage, { ...NO_EXTRAS, notes: 'x' });
    saveGuestExtras(storage, NO_EXTRAS);
    expect(storage.getItem(GUEST_EXTRAS_KEY)).toBeNull();
  });

  it('read a corrupt or tampered value field by field, within the order’s limits', () => {
    const storage = new MemoryStorage();
    storage.setItem(GUEST_EXTRAS_KEY, '{"gift_wrap":');
    expect(readGuestExtras(storage)).toEqual(NO_EXTRAS);
    storage.setItem(GUEST_EXTRAS_KEY, JSON.stringify({ gift_wrap: 'yes', gift_message: 5, notes: 'n'.repeat(900) }));
    expect(readGuestExtras(storage)).toEqual({ gift_wrap: false, gift_message: '', notes: 'n'.repeat(500) });
  });
});
