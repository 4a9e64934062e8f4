import { z } from 'zod';
import { Id, Money } from './common';
import { PaymentMethod } from './checkout';
import { promotionTermsFields } from './promotions';

export const Slider = z.object({
  id: Id,
  title: z.string(),
  subtitle: z.string(),
  image_desktop: z.url(),
  image_mobile: z.url(),
  link: z.string(),
  /** What the picture shows, for screen readers; empty when the title says it all. */
  alt: z.string(),
});
export type Slider = z.infer<typeof Slider>;

export const SiteConfig = z.object({
  free_shipping_after: Money,
  currency: z.literal('LE'),
  /** What one loyalty point takes off at checkout, in pounds. */
  point_value: Money,
  /** The pounds paid that earn one point once the order is delivered. */
  spend_per_point: Money,
  /** The ways to pay this shop takes, cash on delivery first. */
  payment_methods: z.array(PaymentMethod),
  /** The smallest order total valU instalments take, in pounds (when valU is offered). */
  valu_min_order: Money,
  /** What wrapping an order as a gift costs, in pounds. */
  gift_wrap_fee: Money,
  store_name: z.string(),
  store_address: z.string(),
  store_maps_url: z.url(),
  phone: z.string(),
  email: z.email(),
  messenger_url: z.url(),
  facebook_url: z.url(),
  instagram_url: z.url(),
  tiktok_url: z.url(),
  /** A WhatsApp chat with the shop; empty when there is none. */
  whatsapp_url: z.union([z.url(), z.literal('')]),
  /** How many days after delivery a shopper may ask to return an order. */
  returns_window_days: z.number().int().nonnegative(),
});
export type SiteConfig = z.infer<typeof SiteConfig>;

/** The one-time popup promotion; `{}` means none. */
export const PromotionData = z.union([z.object(promotionTermsFields), z.object({}).strict()]);
export type PromotionData = z.infer<typeof PromotionData>;

export const NewsletterRequest = z.object({ email: z.email().max(254) });
export type NewsletterRequest = z.infer<typeof NewsletterRequest>;

/** `ip_address` is optional: without it the server uses the request's own address. */
export const CheckIpRequest = z.object({
  ip_address: z.union([z.ipv4(), z.ipv6(), z.literal('')], { error: 'Enter a valid IPv4 or IPv6 address.' }).optional(),
});
export const CheckIpResponse = z.object({ country: z.string(), country_code: z.string() });
export type CheckIpResponse = z.infer<typeof CheckIpResponse>;

/** The five information pages, by the storefront path each lives at. */
export const INFO_PAGE_SLUGS = ['about', 'privacy-policy', 'terms-conditions', 'returns-policy', 'contactUs'] as const;
export const InfoPageSlug = z.enum(INFO_PAGE_SLUGS);
export type InfoPageSlug = z.infer<typeof InfoPageSlug>;

/** An information page in the asked language; `body` is its markup (info-markup.ts), rendered without HTML. */
export const InfoPage = z.object({
  slug: InfoPageSlug,
  title: z.string(),
  body: z.string(),
  updated_at: z.iso.datetime({ offset: true }),
});
export type InfoPage = z.infer<typeof InfoPage>;
