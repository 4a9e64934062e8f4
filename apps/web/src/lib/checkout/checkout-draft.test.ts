import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../test-storage';
import { clearCheckoutDraft, EMPTY_DRAFT, readCheckoutDraft, saveCheckoutDraft } from './checkout-draft';

describe('checkout draft', () => {
  it('keeps what was typed and chosen, and forgets it once cleared', () => {
    const storage = new MemoryStorage();
    const draft = {
      guest: { name: 'Mona', phone: '01012345678', region: '3' },
      addressId: 7,
      paymentMethod: 'wallet' as const,
      walletPhone: '01098765432',
      usePoints: true,
    };
    saveCheckoutDraft(storage, draft);
    expect(readCheckoutDraft(storage)).toEqual(draft);
    clearCheckoutDraft(storage);
    expect(readCheckoutDraft(storage)).toEqual(EMPTY_DRAFT);
  });

  it('reads a corrupt or tampered draft field by field, keeping only what it can use', () => {
    const storage = new MemoryStorage();
    storage.setItem('attar.checkout-draft', '{"broken":');
    expect(readCheckoutDraft(storage)).toEqual(EMPTY_DRAFT);
    storage.setItem(
      'attar.checkout-draft',
      JSON.stringify({ guest: { name: 'Mona', otp: 123456 }, addressId: '7', paymentMethod: 'bitcoin', usePoints: 'yes' }),
    );
    expect(readCheckoutDraft(storage)).toEqual({ ...EMPTY_DRAFT, guest: { name: 'Mona' } });
  });
});
