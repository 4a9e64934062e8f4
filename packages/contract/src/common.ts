import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './rules';

export const LOCALES = ['en', 'ar'] as const;
export const DEFAULT_LOCALE = 'en';
export const Locale = z.enum(LOCALES);
export type Locale = z.infer<typeof Locale>;

/** PostgreSQL's `integer`: a number above it names no row, and must fail validation rather than the SQL. */
export const INT4_MAX = 2_147_483_647;
export const Id = z.number().int().positive().max(INT4_MAX);
/**
 * An id in a path or a query string: digits only. `Number()` would read ` 1` (`%201`), `1e0`, `0x1` or `+1` as 1 too,
 * so one row would have many addresses; anything but plain digits stays a string and is refused (400).
 */
export const IdParam = z.preprocess((value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value), Id);
/** Lowercase ASCII words joined by '-'. */
export const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
/** Egyptian pounds as a JSON number with at most two decimals (computed from integer piastres). */
export const Money = z.number().multipleOf(0.01);

export const ErrorBody = z.object({ detail: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;
/** `400 {"field": ["message", ...]}` */
export const ValidationErrorBody = z.record(z.string(), z.array(z.string()));
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;
export const DetailBody = z.object({ detail: z.string() });

export { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './rules';
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export { MIN_QUANTITY, FALLBACK_MAX_QUANTITY, maxQuantity, clampQuantity, sharePoints } from './rules';
