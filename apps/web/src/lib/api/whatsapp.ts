/** A signed-in shopper's WhatsApp preference (order updates by WhatsApp, or by SMS only). Browser-only calls. */
import type { WhatsappPreference } from '@attar/contract';
import { apiRequire } from './client';

export const myWhatsapp = (locale: string) => apiRequire<WhatsappPreference>('/api/whatsapp/me/', { locale });

export const setMyWhatsapp = (optedOut: boolean, locale: string) =>
  apiRequire<WhatsappPreference>('/api/whatsapp/me/', { method: 'PUT', body: { opted_out: optedOut }, locale });
