import { describe, expect, it } from 'vitest';
import { StaffPhoneOrderRequest, type Product, type StaffCustomerLookup } from '@attar/contract';
import {
  emptyPhoneOrderForm,
  linesSubtotal,
  phoneOrderAmounts,
  phoneOrderField,
  phoneOrderRegion,
  phoneOrderRequest,
  type PhoneOrderLine,
} from './phone-order-form';

const product = (id: number, price: number) => ({ id, price }) as Product;
const line = (id: number, price: number, quantity: number): PhoneOrderLine => ({
  product: product(id, price),
  size: { id: id * 10, ml: 100, price, stock: 9, availability: 'available', sku: `AT${id}-100`, is_default: true },
  quantity,
});
const newCaller: StaffCustomerLookup = { phone: '+201288881111', account: null, recent_orders: [] };
const account: StaffCustomerLookup = {
  phone: '+201001112223',
  account: {
    id: 7,
    name: 'Amira Fathy',
    email: 'amira@example.com',
    points: 120,
    addresses: [{ id: 31, region: { id: 3, name: 'Giza' } } as never],
  },
  recent_orders: [],
};

describe('phoneOrderRequest', () => {
  it('sends a new caller as a guest with the address typed in, and checks whole against the contract', () => {
    const form = {
      ...emptyPhoneOrderForm(newCaller, 'ar'),
      name: 'Hoda Samir',
      recipient: 'Hoda Samir',
      region: '1',
      city: '4',
      street: '12 Tahrir Street',
      use_points: true,
    };
    const body = phoneOrderRequest(newCaller, form, [line(5, 850, 2)]);
    expect(body).toMatchObject({
      customer: { name: 'Hoda Samir', phone: '+201288881111', email: undefined },
      address: { name: 'Hoda Samir', phone: '+201288881111', region: 1, city: 4, street: '12 Tahrir Street' },
      items: [{ product: 5, variant: 50, quantity: 2 }],
      // A guest has no points, whatever the box says.
      use_points: undefined,
      language: 'ar',
    });
    expect(StaffPhoneOrderRequest.safeParse(body).success).toBe(true);
  });

  it('sends an account by id with its first saved address chosen, and points when asked', () => {
    const form = { ...emptyPhoneOrderForm(account, 'en'), use_points: true, promo_code: '  ' };
    const body = phoneOrderRequest(account, form, [line(5, 850, 1)]);
    expect(body).toMatchObject({ customer: { user: 7 }, address: 31, use_points: true, promo_code: undefined });
  });
});

describe('phoneOrderField', () => {
  it('places schema issues and the API’s dotted field names on the form', () => {
    expect(phoneOrderField(['customer', 'name'])).toBe('name');
    expect(phoneOrderField(['customer', 'email'])).toBe('email');
    expect(phoneOrderField(['address', 'phone'])).toBe('recipient_phone');
    expect(phoneOrderField('address.city')).toBe('city');
    expect(phoneOrderField(['address'])).toBe('address');
    expect(phoneOrderField(['items', 0, 'quantity'])).toBe('items');
    expect(phoneOrderField('promo_code')).toBe('promo_code');
    expect(phoneOrderField('detail')).toBeNull();
  });
});

describe('linesSubtotal', () => {
  it('adds each line’s size’s price times its units', () => {
    const smaller = { ...line(1, 1200, 1), size: { ...line(1, 1200, 1).size, id: 11, ml: 30, price: 400 } };
    expect(linesSubtotal([line(1, 850.5, 2), line(2, 100, 1), smaller])).toBe(2201);
  });
});

describe('what the caller is told before the order is placed', () => {
  const rates = { point_value: 1, spend_per_point: 10, free_shipping_after: 1500 };

  it('goes to the saved address’s governorate, or the one chosen for a new address', () => {
    expect(phoneOrderRegion(account, { address: '31', region: '' })).toBe(3);
    expect(phoneOrderRegion(account, { address: 'new', region: '5' })).toBe(5);
    expect(phoneOrderRegion(newCaller, { address: 'new', region: '' })).toBeNull();
  });

  it('adds the governorate’s fee, takes points off, and frees delivery past the threshold as placing does', () => {
    const lines = [line(5, 335, 2)];
    expect(phoneOrderAmounts(lines, { pointsOffered: 0, regionFee: null, earnsPoints: false }, rates)).toMatchObject({
      subtotal: 670,
      deliveryFee: null,
      total: 670,
    });
    expect(phoneOrderAmounts(lines, { pointsOffered: 0, regionFee: 50, earnsPoints: false }, rates)).toMatchObject({
      deliveryFee: 50,
      total: 720,
      pointsEarned: 0,
    });
    expect(phoneOrderAmounts(lines, { pointsOffered: 120, regionFee: 50, earnsPoints: true }, rates)).toMatchObject({
      pointsUsed: 120,
      pointsDiscount: 120,
      total: 600,
      pointsEarned: 55,
    });
    expect(phoneOrderAmounts([line(5, 750, 2)], { pointsOffered: 0, regionFee: 50, earnsPoints: true }, rates)).toMatchObject({
      deliveryFee: 0,
      total: 1500,
    });
  });
});
