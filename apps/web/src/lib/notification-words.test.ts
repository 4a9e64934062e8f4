import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '@attar/contract/rules';
import type { OrderStatus } from '@attar/contract';
import { orderProgressKey } from './notification-words';

const STATUSES: OrderStatus[] = ['pending_payment', 'placed', 'confirmed', 'packed', 'shipped', 'delivered', 'cancelled', 'refunded'];
const alerts = (lang: 'en' | 'ar') =>
  (JSON.parse(readFileSync(new URL(`../../messages/alerts/${lang}.json`, import.meta.url), 'utf8')) as { alerts: Record<string, unknown> })
    .alerts;
const CARD = { en: /\bcard\b/i, ar: /بطاقة/ } as const;

describe('the bell’s words for an order, for every way of paying × status × language', () => {
  for (const lang of ['en', 'ar'] as const) {
    const catalogue = alerts(lang);
    const words = (key: string) => key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], catalogue) as string;
    for (const method of PAYMENT_METHODS) {
      it(`${lang} ${method}`, () => {
        for (const status of STATUSES) {
          const text = words(orderProgressKey({ status, payment_method: method }));
          expect(text, `${status}`).toEqual(expect.any(String));
          // Only a card order may speak of a card; a kiosk order waits for cash at a kiosk.
          if (method !== 'card') expect(text, `${status}`).not.toMatch(CARD[lang]);
          if (status === 'pending_payment' && method === 'kiosk') expect(text).toBe(words('pendingBy.kiosk'));
          if (status !== 'pending_payment') expect(text).toBe(words(`progress.${status}`));
        }
      });
    }
    it(`${lang}: a notification recorded before it carried the method names no method`, () => {
      expect(words(orderProgressKey({ status: 'pending_payment' }))).not.toMatch(CARD[lang]);
    });
  }
});
