/**
 * The content screens' rules, apart from their markup: the site's settings, a slider and a city as
 * their forms hold them (strings, as inputs do), the requests they become, checked by the contract's schemas with each
 * field's problem (the contract's `contentFieldProblems`) in the back office's words.
 */
import {
  contentFieldProblems,
  StaffCityInput,
  StaffRegionDays,
  StaffRegionFee,
  StaffSiteConfigSave,
  StaffSliderInput,
  type ContentProblem,
  type StaffSiteConfig,
  type StaffSlider,
} from '@attar/contract';
import type { z } from 'zod';
import type { MessageKey } from '../messages/en';
import { checkedResolver, type FormCheck } from '../lib/form-check';
import { readNumber } from '../lib/form-check';
import { fromShopInput, toShopInput } from '../lib/shop-time';

export const problemMessage = (problem: ContentProblem): MessageKey => `content_${problem}`;

/** A schema's verdict on a request: the request, or each field's problem in the back office's words. */
export function contentCheck<Schema extends z.ZodType>(schema: Schema, request: unknown): FormCheck<z.output<Schema>> {
  const parsed = schema.safeParse(request);
  if (parsed.success) return { request: parsed.data, problems: [] };
  const problems = Object.entries(contentFieldProblems(parsed.error)).map(([path, { problem }]) => ({
    path,
    message: problemMessage(problem),
  }));
  return { request: null, problems };
}

// ---------------------------------------------------------------------------------------------------------------------
// Site settings

export const AMOUNT_SETTINGS = ['free_shipping_after', 'gift_wrap_fee', 'point_value', 'spend_per_point', 'cod_confirm_above'] as const;
const TEXT_SETTINGS = [
  'cod_confirm_rule',
  'store_name_en',
  'store_name_ar',
  'store_address_en',
  'store_address_ar',
  'store_maps_url',
  'phone',
  'email',
  'whatsapp_url',
  'messenger_url',
  'facebook_url',
  'instagram_url',
  'tiktok_url',
] as const;
/** Whole numbers: days, and the hours of the cash orders' confirmation (decision 0048). */
const DAY_SETTINGS = [
  'returns_window_days',
  'search_retention_days',
  'cod_confirm_flag_hours',
  'cod_confirm_cancel_hours',
  'payment_link_hours',
] as const;
export type SettingsForm = Record<
  (typeof AMOUNT_SETTINGS)[number] | (typeof TEXT_SETTINGS)[number] | (typeof DAY_SETTINGS)[number],
  string
>;

export const settingsToForm = (config: StaffSiteConfig): SettingsForm =>
  ({
    ...Object.fromEntries([...AMOUNT_SETTINGS, ...TEXT_SETTINGS, ...DAY_SETTINGS].map((field) => [field, String(config[field])])),
  }) as SettingsForm;

/** The request without its version (the screen adds the one it loaded). */
export function checkSettings(form: SettingsForm) {
  const request = {
    ...form,
    ...Object.fromEntries([...AMOUNT_SETTINGS, ...DAY_SETTINGS].map((field) => [field, readNumber(form[field])])),
    version: 1,
  };
  return contentCheck(StaffSiteConfigSave, request);
}
export const settingsResolver = checkedResolver(checkSettings);

// ---------------------------------------------------------------------------------------------------------------------
// Sliders

export type SliderForm = Omit<StaffSliderInput, 'starts_at' | 'ends_at'> & { starts_at: string; ends_at: string };

export const emptySliderForm = (): SliderForm => ({
  title_en: '',
  title_ar: '',
  subtitle_en: '',
  subtitle_ar: '',
  image_desktop: '',
  image_mobile: '',
  alt_en: '',
  alt_ar: '',
  link: '/',
  is_active: true,
  starts_at: '',
  ends_at: '',
});

export function sliderToForm(slider: StaffSlider): SliderForm {
  const { id: _id, position: _position, state: _state, image_desktop_url: _desktop, image_mobile_url: _mobile, ...fields } = slider;
  return {
    ...fields,
    starts_at: slider.starts_at ? toShopInput(slider.starts_at) : '',
    ends_at: slider.ends_at ? toShopInput(slider.ends_at) : '',
  };
}

/** A time typed on Cairo's clock, none when empty; what is not a time stays as typed, for the schema to refuse. */
const shopTime = (typed: string) => (typed.trim() ? (fromShopInput(typed) ?? typed) : null);

export const checkSlider = (form: SliderForm) =>
  contentCheck(StaffSliderInput, { ...form, starts_at: shopTime(form.starts_at), ends_at: shopTime(form.ends_at) });
export const sliderResolver = checkedResolver(checkSlider);

// ---------------------------------------------------------------------------------------------------------------------
// Delivery

export const checkFee = (typed: string) => contentCheck(StaffRegionFee, { fee: readNumber(typed) });
/** A governorate's delivery time as typed: whole working days, the longest not below the shortest. */
export const checkRegionDays = (typed: { min_days: string; max_days: string }) =>
  contentCheck(StaffRegionDays, { min_days: readNumber(typed.min_days), max_days: readNumber(typed.max_days) });
export const checkCity = (form: { name_en: string; name_ar: string }) => contentCheck(StaffCityInput, form);
