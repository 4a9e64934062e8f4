/** The checkout's steps the journeys share: a cheap perfume, the first governorate and city, a guest at checkout. */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Product } from '@attar/contract';
import { expect } from './fixtures';
import { findProduct, type Catalogue } from './api';
import type { Lang } from './locales';
import { randomMobile } from './shoppers';
import { API_URL } from './urls';

export type Place = { id: number; name: string };

export async function firstRegionAndCity(request: APIRequestContext, lang: Lang): Promise<{ region: Place; city: Place }> {
  const regions = (await (await request.get(`${API_URL}/api/region/?lang=${lang.code}`)).json()) as Place[];
  const region = regions[0]!;
  const cities = (await (await request.get(`${API_URL}/api/city/?region=${region.id}&lang=${lang.code}`)).json()) as Place[];
  return { region, city: cities[0]! };
}

export function cheapProduct(catalogue: Catalogue): Product {
  return findProduct(
    catalogue,
    'an available perfume under 600 LE with stock',
    (p) => p.availability === 'available' && p.stock >= 20 && p.price < 600,
  );
}

/** A guest with one unit of a cheap perfume in the bag (from the first page on), an address to give and a new number. */
export async function guestAtCheckout(page: Page, request: APIRequestContext, catalogue: Catalogue, lang: Lang) {
  const product = cheapProduct(catalogue);
  await page.addInitScript((id) => {
    if (!window.localStorage.getItem('products')) window.localStorage.setItem('products', JSON.stringify([{ id, quantity: 1 }]));
  }, product.id);
  return { product, place: await firstRegionAndCity(request, lang), phone: randomMobile() };
}

export async function fillAddress(scope: ReturnType<Page['getByRole']>, lang: Lang, place: { region: Place; city: Place }): Promise<void> {
  await scope.getByLabel(lang.t('account.fields.region'), { exact: true }).selectOption({ label: place.region.name });
  const city = scope.getByLabel(lang.t('account.fields.city'), { exact: true });
  await expect(city).toBeEnabled();
  await city.selectOption({ label: place.city.name });
  await scope
    .getByLabel(lang.t('account.fields.street'), { exact: true })
    .fill(lang.code === 'ar' ? '١٢ شارع شجرة الدر' : '12 Shagaret El Dor St.');
}
