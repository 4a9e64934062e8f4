/**
 * Calls made from client components. Only types come from the contract here, so the zod schemas stay out of the
 * browser bundle; the server-side readers (catalog.ts, content.ts) parse with them.
 */
import type { CheckIpResponse, DeliveryCalendar, DetailBody, NewsletterRequest, PromotionData, PromotionTerms } from '@attar/contract';
import type { z } from 'zod';
import { apiRequest, apiRequire, type ApiRequestOptions } from './client';

export type Promotion = PromotionTerms;

/** The one-time popup promotion, or null when the server has none (`{}`). No authorization. */
export async function getPromotionData(): Promise<Promotion | null> {
  const data = await apiRequest<PromotionData>('/api/promotion-data/', { anonymous: true });
  return data && 'code' in data && typeof data.code === 'string' ? (data as Promotion) : null;
}

/** `201` new subscriber, `200` already subscribed; either way `{detail}`. */
export function subscribeToNewsletter(body: NewsletterRequest, locale: string) {
  return apiRequest<z.infer<typeof DetailBody>>('/api/news-letter/', { method: 'POST', body, locale });
}

/**
 * The country of `ipAddress`, or of the caller when it is omitted. No authorization header.
 * On the server, `headers` passes on the visitor's forwarded address.
 */
export function checkIpAddress(
  ipAddress: string | undefined,
  options: Pick<ApiRequestOptions, 'headers' | 'signal'> = {},
): Promise<CheckIpResponse | undefined> {
  return apiRequest<CheckIpResponse>('/api/check-ip-address', {
    ...options,
    method: 'POST',
    anonymous: true,
    body: ipAddress ? { ip_address: ipAddress } : {},
  });
}

const deliveryCalendars = new Map<string, Promise<DeliveryCalendar>>();

/**
 * The delivery calendar (cut-off, days off, holidays, each governorate's fee and days), asked once per page load and
 * language: the product page, the cart and checkout share it. No authorization; the API caches it like the catalogue.
 */
export function getDeliveryCalendar(locale: string): Promise<DeliveryCalendar> {
  let calendar = deliveryCalendars.get(locale);
  if (!calendar) {
    calendar = apiRequire<DeliveryCalendar>('/api/delivery/', { locale, anonymous: true });
    // A failed read is asked again next time rather than remembered.
    calendar.catch(() => deliveryCalendars.delete(locale));
    deliveryCalendars.set(locale, calendar);
  }
  return calendar;
}
