/**
 * Checkout calls made from client components: governorates,
 * cities, delivery fees, the signed-in shopper's addresses, promo codes and the guest's phone code. Only types come
 * from the contract, so its zod schemas stay out of the browser bundle.
 */
import type { Address, AddressInput, AppliedPromotion, City as CitySchema, Fee, Region as RegionSchema } from '@attar/contract';
import type { z } from 'zod';
import type { Detail } from './accounts';
import { apiRequest, apiRequire } from './client';

export type Promotion = z.infer<typeof AppliedPromotion>;
export type Region = z.infer<typeof RegionSchema>;
export type City = z.infer<typeof CitySchema>;
/** A saved address as sent: governorate and city by id. */
export type AddressFields = Omit<AddressInput, 'is_default'> & { is_default?: boolean };

export const getRegions = (locale: string) => apiRequire<Region[]>('/api/region/', { locale });

export const getCities = (region: number, locale: string) => apiRequire<City[]>('/api/city/', { query: { region }, locale });

export const getFee = (region: number, locale: string) => apiRequire<Fee>('/api/fees/', { query: { region }, locale });

export const getAddresses = (locale: string) => apiRequire<Address[]>('/api/addresses/', { locale });

export const createAddress = (body: AddressFields, locale: string) =>
  apiRequire<Address>('/api/addresses/', { method: 'POST', body, locale });

export const updateAddress = (id: number, body: Partial<AddressFields>, locale: string) =>
  apiRequire<Address>(`/api/addresses/${id}/`, { method: 'PATCH', body, locale });

/** `204`; orders placed with it keep their own copy. Deleting the default makes the newest remaining one the default. */
export async function deleteAddress(id: number, locale: string): Promise<void> {
  await apiRequest<void>(`/api/addresses/${id}/`, { method: 'DELETE', locale });
}

/** Checks a promo code and applies it to the signed-in shopper's cart; unknown, expired or used: rejects `{detail, code}`. */
export const applyPromoCode = (code: string, locale: string) =>
  apiRequire<Promotion>(`/api/promotions/${encodeURIComponent(code)}`, { locale });

/** Takes the code off the signed-in shopper's cart. */
export async function removePromoCode(code: string, locale: string): Promise<void> {
  await apiRequest<void>(`/api/promotions/${encodeURIComponent(code)}`, { method: 'DELETE', locale });
}

/** Guest checkout: checks the promo code (if any) for that phone and sends a one-time code to it by SMS. */
export const sendGuestCode = (phone: string, code: string | undefined, locale: string) =>
  apiRequire<Detail>('/api/otp_guest_promocode/', { method: 'POST', body: code ? { phone, code } : { phone }, locale });

/** The guest's cart as the order and the promo-code check take it (a product in its size, or an offer). */
export type GuestItem = { product?: number; variant?: number; offer?: number; quantity: number };

/**
 * Guest checkout: the promo code's terms once the phone's one-time code is correct (the code stays usable for the
 * order); refused when the guest's cart is below its minimum or holds nothing it applies to.
 */
export const checkGuestPromoCode = (phone: string, code: string, otp: string, items: GuestItem[], locale: string) =>
  apiRequire<Promotion>('/api/check-promocode', { method: 'POST', body: { phone, code, otp, items }, locale });
