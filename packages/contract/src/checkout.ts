import { z } from 'zod';
import { Id, Money } from './common';
import { EgyptianMobile, Email, PersonName, VerificationCode } from './accounts';
import { Offer, Product } from './catalog';

export const Region = z.object({ id: Id, name: z.string() });
export const City = z.object({ id: Id, name: z.string(), region: Id });
export const CityQuery = z.object({ region: z.coerce.number().int().positive() });
export const FeeQuery = CityQuery;
export const Fee = z.object({ region: Id, fee: Money });

const text = (max: number) => z.string().trim().max(max);
const addressFields = {
  name: PersonName,
  phone: EgyptianMobile,
  region: Id,
  city: Id,
  street: text(200).min(1, { error: 'Enter the street.' }),
  building: text(50),
  floor: text(20),
  apartment: text(20),
  landmark: text(200),
  is_default: z.boolean(),
};
/** An address as the shopper enters it: governorate and city by id, an Egyptian mobile. */
export const AddressInput = z.object({
  ...addressFields,
  building: addressFields.building.default(''),
  floor: addressFields.floor.default(''),
  apartment: addressFields.apartment.default(''),
  landmark: addressFields.landmark.default(''),
  is_default: addressFields.is_default.default(false),
});
export type AddressInput = z.input<typeof AddressInput>;
/** PATCH: only the fields sent change (no defaults, so absent fields stay as they are). */
export const AddressPatch = z.object(addressFields).partial();

export const Address = z.object({
  id: Id,
  name: z.string(),
  phone: z.string(),
  region: Region,
  city: Region,
  street: z.string(),
  building: z.string(),
  floor: z.string(),
  apartment: z.string(),
  landmark: z.string(),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof Address>;

export const AppliedPromotion = z.object({ code: z.string(), percent_discount: z.number().int() });
export const PromoCodeParams = z.object({ code: z.string().max(64) });
export const GuestPromoOtpRequest = z.object({ phone: EgyptianMobile, code: z.string().trim().min(1).max(64) });
export const CheckPromocodeRequest = GuestPromoOtpRequest.extend({ otp: VerificationCode });
export const GuestIdentity = z.object({ name: PersonName, phone: EgyptianMobile, email: Email.optional() });
