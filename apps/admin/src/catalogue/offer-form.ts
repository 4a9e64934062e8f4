/**
 * The offer editor's rules, apart from its markup: the form's values (strings, as inputs hold them; each part with the
 * product, size and price it was picked with), the parts' total, the request it becomes (checked by the contract's
 * schema, each problem under its field in the back office's words) and where the API's field errors go. Whether the
 * price is above the parts is the API's word: it prices them as they are now.
 */
import { StaffOfferCreate, type StaffOffer } from '@attar/contract';
import type { MessageKey } from '../messages/en';
import { checkedResolver, firstPerField, type FormCheck } from '../lib/form-check';
import { readNumber } from '../lib/form-check';

/** A part of the bundle: a product's size, named and priced as it was when picked (or loaded). */
export type OfferPart = {
  size: number;
  product: number;
  name_en: string;
  name_ar: string;
  ml: number;
  sku: string;
  price: number;
  quantity: string;
};

export type OfferForm = {
  slug: string;
  name_en: string;
  name_ar: string;
  description_en: string;
  description_ar: string;
  price: string;
  stock: string;
  items: OfferPart[];
};

/** The most parts an offer has (the contract's limit). */
export const MAX_PARTS = 8;

export const emptyOfferForm = (): OfferForm => ({
  slug: '',
  name_en: '',
  name_ar: '',
  description_en: '',
  description_ar: '',
  price: '',
  stock: '',
  items: [],
});

export function offerToForm(offer: StaffOffer): OfferForm {
  return {
    slug: offer.slug,
    name_en: offer.name_en,
    name_ar: offer.name_ar,
    description_en: offer.description_en,
    description_ar: offer.description_ar,
    price: String(offer.price),
    stock: String(offer.stock),
    items: offer.items.map(({ quantity, ...part }) => ({ ...part, quantity: String(quantity) })),
  };
}

/** What the parts cost together at the prices shown, in pounds (a quantity not typed yet counts as none). */
export function partsTotal(items: Pick<OfferPart, 'price' | 'quantity'>[]): number {
  const piastres = items.reduce((sum, item) => {
    const quantity = readNumber(item.quantity);
    return sum + (Number.isInteger(quantity) && quantity > 0 ? Math.round(item.price * 100) * quantity : 0);
  }, 0);
  return piastres / 100;
}

export const offerRequest = (form: OfferForm) => ({
  slug: form.slug.trim(),
  name_en: form.name_en,
  name_ar: form.name_ar,
  description_en: form.description_en,
  description_ar: form.description_ar,
  price: readNumber(form.price),
  stock: readNumber(form.stock),
  items: form.items.map((item) => ({ size: item.size, quantity: readNumber(item.quantity) })),
});

const FIELD_MESSAGES: Record<string, MessageKey> = {
  slug: 'errorSlug',
  price: 'errorPrice',
  stock: 'errorStock',
};

/** Where a schema issue goes on the form, and the back office's words for it. */
function issueProblem(issue: { path: PropertyKey[]; code: string }) {
  const [first, second] = issue.path.map(String);
  if (first === 'items' && second !== undefined) return { path: `items.${second}.quantity`, message: 'errorPartQuantity' as const };
  if (first === 'items') return { path: 'items.root', message: 'errorParts' as const };
  const field = first ?? 'root';
  if (issue.code === 'too_big' && !(field in FIELD_MESSAGES)) return { path: field, message: 'errorTooLong' as const };
  return { path: field, message: FIELD_MESSAGES[field] ?? 'errorRequired' };
}

export function checkOfferForm(form: OfferForm): FormCheck<StaffOfferCreate> {
  const parsed = StaffOfferCreate.safeParse(offerRequest(form));
  if (parsed.success) return { request: parsed.data, problems: [] };
  return { request: null, problems: firstPerField(parsed.error.issues.map(issueProblem)) };
}

export const offerResolver = checkedResolver(checkOfferForm);

const OFFER_FIELDS = new Set(['slug', 'name_en', 'name_ar', 'description_en', 'description_ar', 'price', 'stock']);

/** The form field an API field error goes under (`items…` under the parts), or null for one that belongs to none. */
export function offerFieldOf(field: string): string | null {
  if (OFFER_FIELDS.has(field) || /^items\.\d+\.quantity$/.test(field)) return field;
  if (field === 'items' || field.startsWith('items.')) return 'items.root';
  return null;
}
