/**
 * The product editor's rules, apart from its markup: the form's values (strings, as inputs hold them), the request it
 * becomes (checked by the contract's schema, `sizeProblems` and the reserved slugs, each problem named by the form
 * field it belongs to and a message of the back office's own), and where the API's field errors go on it.
 */
import {
  GENDERS,
  PRODUCT_TYPES,
  RESERVED_PRODUCT_SLUGS,
  sizeProblems,
  StaffProductCreate,
  type SizeProblem,
  type StaffProduct,
} from '@attar/contract';
import type { MessageKey } from '../messages/en';
import { checkedResolver, firstPerField, readNumber, type FormCheck, type FormProblem } from '../lib/form-check';

type ProductType = (typeof PRODUCT_TYPES)[number];
type Gender = (typeof GENDERS)[number];

export const NOTE_LAYERS = ['top', 'heart', 'base'] as const;
export type NoteLayer = (typeof NOTE_LAYERS)[number];

/**
 * A size as the form holds it. `variant`: the saved size's id (its millilitres and stock then stay as they are), or
 * null for a new one, whose size is chosen and whose stock, as received, is typed.
 */
export type SizeRow = {
  variant: number | null;
  size: string;
  ml: number | null;
  sku: string;
  price: string;
  stock: string;
  is_default: boolean;
};

export type ProductForm = {
  slug: string;
  type: ProductType;
  category: string;
  family: string;
  name_en: string;
  name_ar: string;
  description_en: string;
  description_ar: string;
  concentration_en: string;
  concentration_ar: string;
  gender: Gender;
  is_new: boolean;
  low_stock_threshold: string;
  notes: Record<NoteLayer, number[]>;
  occasions: number[];
  sizes: SizeRow[];
};

/** How many notes a layer and occasions a product may have, and how many sizes (the contract's limits). */
export const MAX_PICKED = 12;
export const MAX_SIZES = 8;
const DEFAULT_LOW_STOCK = 5;

export const newSizeRow = (isDefault: boolean): SizeRow => ({
  variant: null,
  size: '',
  ml: null,
  sku: '',
  price: '',
  stock: '',
  is_default: isDefault,
});

export function emptyProductForm(): ProductForm {
  return {
    slug: '',
    type: PRODUCT_TYPES[0],
    category: '',
    family: '',
    name_en: '',
    name_ar: '',
    description_en: '',
    description_ar: '',
    concentration_en: '',
    concentration_ar: '',
    gender: GENDERS[2],
    is_new: true,
    low_stock_threshold: String(DEFAULT_LOW_STOCK),
    notes: { top: [], heart: [], base: [] },
    occasions: [],
    sizes: [newSizeRow(true)],
  };
}

/** A saved product as the form shows it. */
export function productToForm(product: StaffProduct): ProductForm {
  return {
    slug: product.slug,
    type: product.type,
    category: String(product.category),
    family: product.family === null ? '' : String(product.family),
    name_en: product.name_en,
    name_ar: product.name_ar,
    description_en: product.description_en,
    description_ar: product.description_ar,
    concentration_en: product.concentration_en ?? '',
    concentration_ar: product.concentration_ar ?? '',
    gender: product.gender,
    is_new: product.is_new,
    low_stock_threshold: String(product.low_stock_threshold),
    notes: { top: [...product.notes.top], heart: [...product.notes.heart], base: [...product.notes.base] },
    occasions: [...product.occasions],
    sizes: product.sizes.map((size) => ({
      variant: size.id,
      size: String(size.size),
      ml: size.ml,
      sku: size.sku,
      price: String(size.price),
      stock: String(size.stock),
      is_default: size.is_default,
    })),
  };
}

/** A chosen id (a select's value); NaN when nothing is chosen. */
const readId = (value: string) => (value === '' ? NaN : Number(value));

/** The request the form makes, before the schema checks it (which trims the texts and finds what is missing). */
export function productRequest(form: ProductForm) {
  return {
    slug: form.slug.trim(),
    type: form.type,
    category: readId(form.category),
    family: form.family === '' ? null : Number(form.family),
    name_en: form.name_en,
    name_ar: form.name_ar,
    description_en: form.description_en,
    description_ar: form.description_ar,
    concentration_en: form.concentration_en.trim() || null,
    concentration_ar: form.concentration_ar.trim() || null,
    gender: form.gender,
    is_new: form.is_new,
    low_stock_threshold: readNumber(form.low_stock_threshold),
    notes: form.notes,
    occasions: form.occasions,
    sizes: form.sizes.map((row) => ({
      // A saved size keeps its stock (changed through stock adjustments); a new one starts with what was received.
      ...(row.variant === null ? { stock: row.stock.trim() === '' ? 0 : readNumber(row.stock) } : { id: row.variant }),
      size: readId(row.size),
      sku: row.sku.trim(),
      price: readNumber(row.price),
      is_default: row.is_default,
    })),
  };
}

const SIZE_PROBLEM_MESSAGES: Record<SizeProblem, MessageKey> = {
  one_default: 'errorOneDefault',
  size_twice: 'errorSizeTwice',
  sku_twice: 'errorSkuTwice',
};

const FIELD_MESSAGES: Record<string, MessageKey> = {
  slug: 'errorSlug',
  type: 'errorChoose',
  category: 'errorChoose',
  family: 'errorChoose',
  gender: 'errorChoose',
  low_stock_threshold: 'errorLowStock',
  size: 'errorChoose',
  sku: 'errorSku',
  price: 'errorPrice',
  stock: 'errorStock',
};

/** Where a schema issue goes on the form, and the back office's words for it (not zod's English). */
function issueProblem(issue: { path: PropertyKey[]; code: string }): FormProblem {
  const [first, second, third] = issue.path.map(String);
  if (first === 'sizes' && second !== undefined && third !== undefined) {
    return { path: `sizes.${second}.${third}`, message: FIELD_MESSAGES[third] ?? 'errorRequired' };
  }
  if (first === 'sizes') return { path: 'sizes.root', message: issue.code === 'too_big' ? 'errorTooManySizes' : 'errorNoSizes' };
  if (first === 'notes') return { path: `notes.${second}`, message: 'errorTooMany' };
  if (first === 'occasions') return { path: 'occasions', message: 'errorTooMany' };
  const field = first ?? 'root';
  if (issue.code === 'too_big') return { path: field, message: 'errorTooLong' };
  return { path: field, message: FIELD_MESSAGES[field] ?? 'errorRequired' };
}

/**
 * The sizes as `sizeProblems` should see them: a size not chosen or a SKU not typed yet is the schema's to report, so
 * blanks are told apart and never count as "twice".
 */
const sizesForRules = (rows: SizeRow[]) =>
  rows.map((row, index) => ({
    size: row.size === '' ? -1 - index : Number(row.size),
    sku: row.sku.trim() === '' ? `\u0000${index}` : row.sku,
    is_default: row.is_default,
  }));

export type ProductCheck = FormCheck<StaffProductCreate>;

/** The form checked as the API will check it (references and uniqueness aside): the request, or every problem, one per field. */
export function checkProductForm(form: ProductForm): ProductCheck {
  const parsed = StaffProductCreate.safeParse(productRequest(form));
  const problems = parsed.success ? [] : parsed.error.issues.map(issueProblem);
  if ((RESERVED_PRODUCT_SLUGS as readonly string[]).includes(form.slug.trim()))
    problems.push({ path: 'slug', message: 'errorSlugReserved' });
  for (const problem of sizeProblems(sizesForRules(form.sizes)))
    problems.push({ path: 'sizes.root', message: SIZE_PROBLEM_MESSAGES[problem] });
  const shown = firstPerField(problems);
  return parsed.success && shown.length === 0 ? { request: parsed.data, problems: [] } : { request: null, problems: shown };
}

/** react-hook-form's resolver for the editor (the screen says each problem in its language). */
export const productResolver = checkedResolver(checkProductForm);

const SIZE_FIELDS = /^sizes\.\d+\.(size|sku|price|stock)$/;
const FORM_FIELDS = new Set<string>([
  'slug',
  'type',
  'category',
  'family',
  'name_en',
  'name_ar',
  'description_en',
  'description_ar',
  'concentration_en',
  'concentration_ar',
  'gender',
  'is_new',
  'low_stock_threshold',
  'occasions',
  'notes.top',
  'notes.heart',
  'notes.base',
]);

/**
 * The form field an API field error goes under (`sizes.0.price` under that price, `sizes` under the sizes table,
 * `notes` under the notes), or null for one that belongs to none (shown above the save button).
 */
export function formFieldOf(field: string): string | null {
  if (FORM_FIELDS.has(field) || SIZE_FIELDS.test(field)) return field;
  if (field === 'sizes' || field.startsWith('sizes.')) return 'sizes.root';
  if (field === 'notes' || field.startsWith('notes.')) return 'notes.root';
  return null;
}

/** A slug from an English name: "Oud Royal — Édition 2" → "oud-royal-edition-2" (empty when nothing in it is Latin). */
export function suggestSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f'’]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
