/**
 * The test object every spec uses: the seeded catalogue (read from the API for each test) and a visitor whose
 * context is prepared the way each test needs it.
 */
import { test as base, expect, type BrowserContext } from '@playwright/test';
import { loadCatalogue, type Catalogue } from './api';
import { STOREFRONT_URL } from './urls';

/** The storefront's cookie for the visitor's country (apps/web/src/lib/country.ts). */
export const COUNTRY_COOKIE = 'country';
/** The session-storage flag that records the promo popup was shown. */
export const PROMOTION_SHOWN_KEY = 'promotionShown';

type Options = {
  /**
   * The country the visitor arrives with in the `country` cookie, or null to let the storefront look it up.
   * Preset to Egypt by default: the API allows 60 look-ups a minute per address and every test comes from 127.0.0.1,
   * so only the tests about the look-up itself exercise it.
   */
  presetCountry: string | null;
  /** Whether the once-per-session promo popup may open; off by default so it does not cover other tests' clicks. */
  promoPopup: boolean;
};

export const test = base.extend<Options & { prepareVisitor: void; noMissingTexts: void; catalogue: Catalogue }>({
  presetCountry: ['Egypt', { option: true }],
  promoPopup: [false, { option: true }],

  // Read for each test: other tests buy, restock and reprice products while the run goes on, and the storefront shows
  // such a change within a second, so a catalogue read earlier would describe products as they no longer are.
  catalogue: async ({ playwright }, use) => {
    const api = await playwright.request.newContext();
    await use(await loadCatalogue(api));
    await api.dispose();
  },

  prepareVisitor: [
    async ({ context, presetCountry, promoPopup }, use) => {
      if (presetCountry) await setCountryCookie(context, presetCountry);
      if (!promoPopup) {
        await context.addInitScript((key) => window.sessionStorage.setItem(key, 'true'), PROMOTION_SHOWN_KEY);
      }
      await use();
    },
    { auto: true },
  ],

  /**
   * Each page sends the browser only the texts its client components use (apps/web/src/i18n/client-messages.ts). A
   * text missing from them shows as its key and next-intl reports MISSING_MESSAGE in the console: that fails the test.
   */
  noMissingTexts: [
    async ({ context }, use) => {
      const missing: string[] = [];
      context.on('console', (message) => {
        if (message.text().includes('MISSING_MESSAGE')) missing.push(message.text());
      });
      await use();
      expect(missing, 'texts missing from the messages sent to the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export async function setCountryCookie(context: BrowserContext, country: string): Promise<void> {
  await context.addCookies([{ name: COUNTRY_COOKIE, value: encodeURIComponent(country), url: STOREFRONT_URL }]);
}

export { expect };
