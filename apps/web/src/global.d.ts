import type accounts from '../messages/accounts/en.json';
import type alerts from '../messages/alerts/en.json';
import type cart from '../messages/cart/en.json';
import type checkout from '../messages/checkout/en.json';
import type delivery from '../messages/delivery/en.json';
import type en from '../messages/en.json';
import type newsletter from '../messages/newsletter/en.json';
import type orders from '../messages/orders/en.json';
import type reviews from '../messages/reviews/en.json';
import type { routing } from './i18n/routing';

/** Mirrors i18n/request.ts: the storefront's texts and every area file merged under `common`. */
type Messages = {
  common: (typeof en)['common'] &
    typeof accounts &
    typeof alerts &
    typeof cart &
    typeof checkout &
    typeof delivery &
    typeof newsletter &
    typeof orders &
    typeof reviews;
};

declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: Messages;
  }
}

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}
