/**
 * The phone-order screen's rules, apart from its markup: the request it sends (built from the caller found, the
 * form and the lines), and where each problem the contract's schema or the API finds goes on the form.
 */
import {
  PHONE_ORDER_PAYMENT_METHODS,
  type Locale,
  type PhoneOrderPaymentMethod,
  type Product,
  type ProductVariant,
  type SiteConfig,
  type StaffCustomerLookup,
  type StaffPhoneOrderInput,
} from '@attar/contract';
import { canPayWith, orderAmountsInPounds, type OrderAmounts } from '@attar/contract/rules';
import { ADDRESS_FIELDS, addressForm, addressRequest, type AddressForm } from './address-form';

/** A product in one size (its own price and stock), and the units ordered. */
export type PhoneOrderLine = { product: Product; size: ProductVariant; quantity: number };

/** The form's fields (strings, as inputs hold them). `address`: a saved address's id, or 'new'. */
export type PhoneOrderForm = AddressForm & {
  name: string;
  email: string;
  address: string;
  promo_code: string;
  use_points: boolean;
  notes: string;
  /** Cash on delivery (the default), or a way the shop takes online: the caller is then sent a payment link. */
  payment_method: PhoneOrderPaymentMethod;
  language: Locale;
};

export function emptyPhoneOrderForm(lookup: StaffCustomerLookup, language: Locale): PhoneOrderForm {
  const saved = lookup.account?.addresses ?? [];
  return {
    name: lookup.account?.name ?? '',
    email: '',
    address: saved[0] ? String(saved[0].id) : 'new',
    ...addressForm({ name: lookup.account?.name ?? '', phone: lookup.phone }),
    promo_code: '',
    use_points: false,
    notes: '',
    payment_method: 'cod',
    language,
  };
}

/** The request as the contract shapes it; the schema (StaffPhoneOrderRequest) then checks it whole. */
export function phoneOrderRequest(lookup: StaffCustomerLookup, form: PhoneOrderForm, lines: PhoneOrderLine[]): StaffPhoneOrderInput {
  const optional = (value: string) => value.trim() || undefined;
  return {
    customer: lookup.account ? { user: lookup.account.id } : { name: form.name, phone: lookup.phone, email: optional(form.email) },
    address: form.address !== 'new' ? Number(form.address) : addressRequest(form),
    items: lines.map((line) => ({ product: line.product.id, variant: line.size.id, quantity: line.quantity })),
    promo_code: optional(form.promo_code),
    use_points: lookup.account && form.use_points ? true : undefined,
    notes: optional(form.notes),
    payment_method: form.payment_method,
    language: form.language,
  };
}

/**
 * The form field a problem belongs to, from its path in the request (a schema issue's path, or an API field error's
 * dotted name such as `address.city`); 'items' for the lines; null when it belongs to no field.
 */
export function phoneOrderField(path: readonly PropertyKey[] | string): keyof PhoneOrderForm | 'items' | null {
  const [first, second] = typeof path === 'string' ? path.split('.') : path.map(String);
  if (first === 'customer') return second === 'email' ? 'email' : 'name';
  if (first === 'address') return second === undefined ? 'address' : (ADDRESS_FIELDS[second] ?? 'address');
  if (first === 'items') return 'items';
  if (first === 'promo_code' || first === 'use_points' || first === 'notes' || first === 'language' || first === 'payment_method')
    return first;
  return null;
}

/** The lines' subtotal in pounds, as the storefront adds it (before promotion, points and delivery, which the API decides). */
export const linesSubtotal = (lines: PhoneOrderLine[]) => lines.reduce((sum, line) => sum + line.size.price * line.quantity, 0);

/** The governorate the order goes to: the saved address's, or the one chosen for a new address; null before. */
export function phoneOrderRegion(lookup: StaffCustomerLookup, form: Pick<PhoneOrderForm, 'address' | 'region'>): number | null {
  if (form.address === 'new') return form.region ? Number(form.region) : null;
  return lookup.account?.addresses.find((address) => String(address.id) === form.address)?.region.id ?? null;
}

/**
 * What the caller hears before the order is placed, by the rule the API places it with (`orderAmounts`): the lines,
 * the governorate's fee (free past the threshold; null before one is chosen), the points the account offers when
 * chosen, the total, and the points an account's order earns. A promotion code is checked when the order is placed:
 * its discount is not in these figures.
 */
export function phoneOrderAmounts(
  lines: PhoneOrderLine[],
  { pointsOffered, regionFee, earnsPoints }: { pointsOffered: number; regionFee: number | null; earnsPoints: boolean },
  rates: Pick<SiteConfig, 'point_value' | 'spend_per_point' | 'free_shipping_after'>,
): OrderAmounts {
  return orderAmountsInPounds(
    { subtotal: linesSubtotal(lines), discount: 0, pointsOffered, regionFee, giftWrap: false, earnsPoints },
    {
      pointValue: rates.point_value,
      piastresPerPoint: rates.spend_per_point,
      freeShippingAfter: rates.free_shipping_after,
      giftWrapFee: 0,
    },
  );
}

/** The ways a phone order may be paid: cash on delivery, and those of the shop's online methods a link can take. */
export const phoneOrderMethods = (rates: Pick<SiteConfig, 'payment_methods'>): PhoneOrderPaymentMethod[] =>
  PHONE_ORDER_PAYMENT_METHODS.filter((method) => method === 'cod' || rates.payment_methods.includes(method));

/** Whether `method` can pay a total (pounds; null while unknown), by the checkout's rule (valU from its minimum). */
export const phoneOrderCanPay = (
  method: PhoneOrderPaymentMethod,
  rates: Pick<SiteConfig, 'payment_methods' | 'valu_min_order'>,
  total: number | null,
) => canPayWith(method, { methods: rates.payment_methods, valuMin: rates.valu_min_order }, total ?? 0);
