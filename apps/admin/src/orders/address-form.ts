/**
 * A delivery address as a form holds it (strings, as inputs do) and as the contract sends it: the phone order's new
 * address and an order's changed one are the same fields, read the same way.
 */
import type { StaffOrder } from '@attar/contract';

export type AddressForm = {
  recipient: string;
  recipient_phone: string;
  region: string;
  city: string;
  street: string;
  building: string;
  floor: string;
  apartment: string;
  landmark: string;
};

/** The form's address as the contract sends it (the schema then checks it). */
export const addressRequest = (form: AddressForm) => ({
  name: form.recipient,
  phone: form.recipient_phone,
  region: Number(form.region),
  city: Number(form.city),
  street: form.street,
  building: form.building,
  floor: form.floor,
  apartment: form.apartment,
  landmark: form.landmark,
});

/** The form field of each of the contract's address fields, for the problems the schema or the API finds. */
export const ADDRESS_FIELDS: Record<string, keyof AddressForm> = {
  name: 'recipient',
  phone: 'recipient_phone',
  region: 'region',
  city: 'city',
  street: 'street',
  building: 'building',
  floor: 'floor',
  apartment: 'apartment',
  landmark: 'landmark',
};

/** An address as the form starts: an order's own, or empty with a recipient's name and phone. */
export function addressForm(address: StaffOrder['address'] | { name: string; phone: string }): AddressForm {
  const full = 'street' in address ? address : null;
  return {
    recipient: address.name,
    recipient_phone: address.phone,
    region: full ? String(full.region.id) : '',
    city: full ? String(full.city.id) : '',
    street: full?.street ?? '',
    building: full?.building ?? '',
    floor: full?.floor ?? '',
    apartment: full?.apartment ?? '',
    landmark: full?.landmark ?? '',
  };
}
