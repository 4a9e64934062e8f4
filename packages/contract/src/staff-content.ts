/**
 * The back office's content and settings, under `/api/staff/…`: the site's settings, delivery fees
 * per governorate and their cities, the home sliders and the information pages. Amounts are pounds with at most two
 * decimals; the API keeps piastres. What is wrong with a field is named by a `ContentProblem`, which the API says in
 * the caller's language and the back office in its own words.
 */
import { z } from 'zod';
import { Id, IdParam, Money } from './common';
import { InfoPageSlug } from './content';
import { safeHref } from './info-markup';
import { MediaPath } from './staff-media';
import { SEARCH_RETENTION_DAYS_MAX, SEARCH_RETENTION_DAYS_MIN } from './search-analytics';
import { COD_CONFIRM_HOURS_MAX, CodConfirmRule } from './cod-confirmation';
import { PAYMENT_LINK_HOURS_MAX } from './payment-links';

const required = (max: number) => z.string().trim().min(1).max(max);
const optional = (max: number) => z.string().trim().max(max);
const WebAddress = z
  .string()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/ }))
  // The OpenAPI document would otherwise show no type for it (the pipe's URL check has none in OpenAPI 3.0).
  .meta({ type: 'string', format: 'uri' });
const Amount = Money.min(0).max(1_000_000);
const Version = z.number().int().positive();
const Instant = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------------------------------------------------------------
// Site settings

const siteConfigFields = {
  free_shipping_after: Amount,
  gift_wrap_fee: Amount,
  /** What one loyalty point takes off at checkout, in pounds. */
  point_value: Money.min(0.01).max(1000),
  /** The pounds paid that earn one point once the order is delivered. */
  spend_per_point: Money.min(0.01).max(100_000),
  returns_window_days: z.number().int().min(0).max(365),
  /** Searches are deleted this many days after they were made (decision 0045). */
  search_retention_days: z.number().int().min(SEARCH_RETENTION_DAYS_MIN).max(SEARCH_RETENTION_DAYS_MAX),
  /** Which cash orders wait for their shopper's confirmation (decision 0048), and the amount `above` is over. */
  cod_confirm_rule: CodConfirmRule,
  cod_confirm_above: Amount,
  /** Unanswered after this many hours: flagged to staff; after `cod_confirm_cancel_hours`: cancelled. */
  cod_confirm_flag_hours: z.number().int().min(1).max(COD_CONFIRM_HOURS_MAX),
  cod_confirm_cancel_hours: z.number().int().min(1).max(COD_CONFIRM_HOURS_MAX),
  /** A phone order's payment link is payable this many hours; the order is cancelled unpaid after (decision 0060). */
  payment_link_hours: z.number().int().min(1).max(PAYMENT_LINK_HOURS_MAX),
  store_name_en: required(80),
  store_name_ar: required(80),
  store_address_en: required(200),
  store_address_ar: required(200),
  store_maps_url: WebAddress,
  /** The shop's phone in international form: +201001234567. */
  phone: z
    .string()
    .trim()
    .regex(/^\+\d{8,15}$/),
  email: z.string().trim().max(254).pipe(z.email()),
  /** Empty: no WhatsApp chat. */
  whatsapp_url: z.union([z.literal(''), WebAddress]),
  messenger_url: WebAddress,
  facebook_url: WebAddress,
  instagram_url: WebAddress,
  tiktok_url: WebAddress,
};

export const StaffSiteConfig = z.object({ ...siteConfigFields, version: z.number().int() });
export type StaffSiteConfig = z.infer<typeof StaffSiteConfig>;
/** Every setting, on the version it was read at. */
export const StaffSiteConfigSave = z
  .object({ ...siteConfigFields, version: Version })
  .refine((save) => save.cod_confirm_flag_hours < save.cod_confirm_cancel_hours, {
    path: ['cod_confirm_cancel_hours'],
    error: 'Cancel after the flag.',
  });
export type StaffSiteConfigSave = z.infer<typeof StaffSiteConfigSave>;

// ---------------------------------------------------------------------------------------------------------------------
// Delivery: fees per governorate, cities

/** `addresses`: how many saved addresses name the city (then it can be renamed, not removed). */
export const StaffCity = z.object({ id: Id, region: Id, name_en: z.string(), name_ar: z.string(), addresses: z.number().int() });
export type StaffCity = z.infer<typeof StaffCity>;
export const StaffRegion = z.object({
  id: Id,
  slug: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  fee: Money,
  /** Delivery time in working days (decision 0037). */
  min_days: z.number().int(),
  max_days: z.number().int(),
  cities: z.array(StaffCity),
});
export type StaffRegion = z.infer<typeof StaffRegion>;
export const StaffRegionFee = z.object({ fee: Amount });
export type StaffRegionFee = z.infer<typeof StaffRegionFee>;
export const StaffCityInput = z.object({ name_en: required(80), name_ar: required(80) });
export type StaffCityInput = z.infer<typeof StaffCityInput>;

// ---------------------------------------------------------------------------------------------------------------------
// Home sliders

/** Where a slide leads: a path on the storefront (`/new`) or a full web address. */
export const SliderLink = z
  .string()
  .trim()
  .max(500)
  .refine((link) => /^(\/|https?:)/i.test(link) && safeHref(link) !== null);

export const StaffSliderInput = z
  .object({
    title_en: required(120),
    title_ar: required(120),
    subtitle_en: optional(200),
    subtitle_ar: optional(200),
    /** Pictures by their path in the media store (an upload's `src`). */
    image_desktop: MediaPath,
    image_mobile: MediaPath,
    alt_en: optional(200),
    alt_ar: optional(200),
    link: SliderLink,
    is_active: z.boolean(),
    /** Shown from then on (none: at once) … */
    starts_at: Instant.nullable(),
    /** … until then (none: for as long as it is active). */
    ends_at: Instant.nullable(),
  })
  .refine((slide) => !slide.starts_at || !slide.ends_at || Date.parse(slide.ends_at) > Date.parse(slide.starts_at), {
    path: ['ends_at'],
  });
export type StaffSliderInput = z.infer<typeof StaffSliderInput>;

/** Whether the storefront shows it now: off, waiting for its start, showing, or past its end. */
export const SLIDER_STATES = ['inactive', 'scheduled', 'showing', 'ended'] as const;
export const StaffSlider = z.object({
  id: Id,
  position: z.number().int(),
  title_en: z.string(),
  title_ar: z.string(),
  subtitle_en: z.string(),
  subtitle_ar: z.string(),
  image_desktop: z.string(),
  image_mobile: z.string(),
  image_desktop_url: z.url(),
  image_mobile_url: z.url(),
  alt_en: z.string(),
  alt_ar: z.string(),
  link: z.string(),
  is_active: z.boolean(),
  starts_at: Instant.nullable(),
  ends_at: Instant.nullable(),
  state: z.enum(SLIDER_STATES),
});
export type StaffSlider = z.infer<typeof StaffSlider>;
export const StaffSliderActive = z.object({ is_active: z.boolean() });
/** Every slider's id, in the order the storefront shows them. */
export const StaffSliderOrder = z.object({ ids: z.array(Id).min(1).max(200) });
export type StaffSliderOrder = z.infer<typeof StaffSliderOrder>;
/** The pictures sliders already use, to choose from. */
export const StaffSliderImage = z.object({ path: z.string(), url: z.url() });
export type StaffSliderImage = z.infer<typeof StaffSliderImage>;

// ---------------------------------------------------------------------------------------------------------------------
// Information pages

export const StaffInfoPage = z.object({
  slug: InfoPageSlug,
  title_en: z.string(),
  title_ar: z.string(),
  body_en: z.string(),
  body_ar: z.string(),
  version: z.number().int(),
  updated_at: Instant,
});
export type StaffInfoPage = z.infer<typeof StaffInfoPage>;
export const StaffInfoPageSave = z.object({
  title_en: required(120),
  title_ar: required(120),
  body_en: required(50_000),
  body_ar: required(50_000),
  version: Version,
});
export type StaffInfoPageSave = z.infer<typeof StaffInfoPageSave>;
export const InfoPageParams = z.object({ slug: InfoPageSlug });
export const CityParams = z.object({ id: IdParam });

// ---------------------------------------------------------------------------------------------------------------------
// What is wrong with a field

export const CONTENT_PROBLEMS = [
  'required',
  'too_long',
  'amount',
  'rate',
  'days',
  'retention_days',
  'hours',
  'cancel_after_flag',
  'most_days_below_fewest',
  'web_address',
  'phone',
  'email',
  'image',
  'link',
  'date_time',
  'window',
  'invalid',
] as const;
export type ContentProblem = (typeof CONTENT_PROBLEMS)[number];
/** A field's problem; `max`: the most characters it takes (too_long). */
export type ContentFieldProblem = { problem: ContentProblem; max?: number };

/** What a wrong value means in each field, when it is not simply missing or too long. */
const FIELD_PROBLEMS: Record<string, ContentProblem> = {
  free_shipping_after: 'amount',
  gift_wrap_fee: 'amount',
  fee: 'amount',
  point_value: 'rate',
  spend_per_point: 'rate',
  returns_window_days: 'days',
  search_retention_days: 'retention_days',
  cod_confirm_above: 'amount',
  cod_confirm_flag_hours: 'hours',
  cod_confirm_cancel_hours: 'hours',
  payment_link_hours: 'hours',
  store_maps_url: 'web_address',
  whatsapp_url: 'web_address',
  messenger_url: 'web_address',
  facebook_url: 'web_address',
  instagram_url: 'web_address',
  tiktok_url: 'web_address',
  phone: 'phone',
  email: 'email',
  image_desktop: 'image',
  image_mobile: 'image',
  link: 'link',
  starts_at: 'date_time',
  ends_at: 'window',
};

/** The first problem of each field a content schema refused (the field named by its dotted path). */
export function contentFieldProblems(error: z.ZodError): Record<string, ContentFieldProblem> {
  const problems: Record<string, ContentFieldProblem> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'non_field_errors';
    if (problems[field]) continue;
    const text = issue.code === 'too_small' || issue.code === 'too_big' ? issue.origin === 'string' : false;
    if (text && issue.code === 'too_small') problems[field] = { problem: 'required' };
    else if (text && issue.code === 'too_big') problems[field] = { problem: 'too_long', max: Number(issue.maximum) };
    else if (issue.code === 'invalid_format' && issue.format === 'datetime') problems[field] = { problem: 'date_time' };
    else if (issue.code === 'custom' && field === 'cod_confirm_cancel_hours') problems[field] = { problem: 'cancel_after_flag' };
    else if (issue.code === 'custom' && field === 'max_days') problems[field] = { problem: 'most_days_below_fewest' };
    else problems[field] = { problem: FIELD_PROBLEMS[field.split('.').pop()!] ?? 'invalid' };
  }
  return problems;
}
