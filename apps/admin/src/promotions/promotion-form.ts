/**
 * The promotion editor's rules, apart from its markup: the form's values (strings, as inputs hold them; times on
 * Cairo's clock), the request it becomes (checked by the contract's schema and its window rule, each problem named
 * by its form field and a message of the back office's own), and where the API's field errors go on it.
 */
import { StaffPromotionCreate, windowEndsAfterStart, type DiscountKind, type StaffPromotion } from '@attar/contract';
import { checkedResolver, firstPerField, type FormCheck, type FormProblem } from '../lib/form-check';
import { readNumber } from '../lib/form-check';
import { fromShopInput, toShopInput } from '../lib/shop-time';
import type { MessageKey } from '../messages/en';

/** A category or product the code is limited to, with its names to show. */
export type NamedChoice = { id: number; name_en: string; name_ar: string };

export type PromotionForm = {
  code: string;
  discount_kind: DiscountKind;
  percent_discount: string;
  amount_off: string;
  min_order: string;
  /** `datetime-local` values on Cairo's clock; the end may be left empty (no end). */
  starts_at: string;
  ends_at: string;
  is_active: boolean;
  first_order_only: boolean;
  /** Empty: unlimited. */
  max_uses: string;
  per_customer_limit: string;
  categories: number[];
  products: NamedChoice[];
};

export function emptyPromotionForm(now = new Date()): PromotionForm {
  return {
    code: '',
    discount_kind: 'percent',
    percent_discount: '',
    amount_off: '',
    min_order: '0',
    starts_at: toShopInput(now),
    ends_at: '',
    is_active: true,
    first_order_only: false,
    max_uses: '',
    per_customer_limit: '',
    categories: [],
    products: [],
  };
}

const typedOrEmpty = (value: number | null) => (value === null ? '' : String(value));

export function promotionToForm(promotion: StaffPromotion): PromotionForm {
  return {
    code: promotion.code,
    discount_kind: promotion.discount_kind,
    percent_discount: typedOrEmpty(promotion.percent_discount),
    amount_off: typedOrEmpty(promotion.amount_off),
    min_order: String(promotion.min_order),
    starts_at: toShopInput(promotion.starts_at),
    ends_at: promotion.ends_at ? toShopInput(promotion.ends_at) : '',
    is_active: promotion.is_active,
    first_order_only: promotion.first_order_only,
    max_uses: typedOrEmpty(promotion.max_uses),
    per_customer_limit: typedOrEmpty(promotion.per_customer_limit),
    categories: promotion.categories.map((category) => category.id),
    products: promotion.products,
  };
}

/** A limit as typed: empty is none (null), anything else a number (NaN when it is not one). */
const readLimit = (typed: string) => (typed.trim() === '' ? null : readNumber(typed));

/** The request the form makes, before the schema checks it; a time that is not one stays as typed, for the schema to refuse. */
export function promotionRequest(form: PromotionForm) {
  const percent = form.discount_kind === 'percent';
  return {
    code: form.code.trim(),
    discount_kind: form.discount_kind,
    percent_discount: percent ? readNumber(form.percent_discount) : null,
    amount_off: percent ? null : readNumber(form.amount_off),
    min_order: form.min_order.trim() === '' ? 0 : readNumber(form.min_order),
    starts_at: fromShopInput(form.starts_at) ?? form.starts_at,
    ends_at: form.ends_at.trim() === '' ? null : (fromShopInput(form.ends_at) ?? form.ends_at),
    is_active: form.is_active,
    first_order_only: form.first_order_only,
    max_uses: readLimit(form.max_uses),
    per_customer_limit: readLimit(form.per_customer_limit),
    categories: form.categories,
    products: form.products.map((product) => product.id),
  };
}

const FIELD_MESSAGES: Record<string, MessageKey> = {
  code: 'errorPromotionCode',
  percent_discount: 'errorPercent',
  amount_off: 'errorAmountOff',
  min_order: 'errorPrice',
  starts_at: 'errorDateTime',
  ends_at: 'errorDateTime',
  max_uses: 'errorLimit',
  per_customer_limit: 'errorLimit',
  categories: 'errorTooMany',
  products: 'errorTooMany',
};

function issueProblem(issue: { path: PropertyKey[] }): FormProblem {
  const field = String(issue.path[0] ?? 'root');
  return { path: field, message: FIELD_MESSAGES[field] ?? 'errorRequired' };
}

export type PromotionCheck = FormCheck<StaffPromotionCreate>;

/** The form checked as the API will check it (names and the code's uniqueness aside): the request, or its problems. */
export function checkPromotionForm(form: PromotionForm): PromotionCheck {
  const parsed = StaffPromotionCreate.safeParse(promotionRequest(form));
  const problems = parsed.success ? [] : parsed.error.issues.map(issueProblem);
  if (parsed.success && !windowEndsAfterStart(parsed.data.starts_at, parsed.data.ends_at))
    problems.push({ path: 'ends_at', message: 'errorWindowEnd' });
  const shown = firstPerField(problems);
  return parsed.success && shown.length === 0 ? { request: parsed.data, problems: [] } : { request: null, problems: shown };
}

/** react-hook-form's resolver for the editor (the screen says each problem in its language). */
export const promotionResolver = checkedResolver(checkPromotionForm);

const FORM_FIELDS = new Set(Object.keys(emptyPromotionForm()));

/** The form field an API field error goes under, or null for one that belongs to none (shown above the save button). */
export const promotionFieldOf = (field: string): string | null => (FORM_FIELDS.has(field) ? field : null);
