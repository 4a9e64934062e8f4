/**
 * Shoppers for browser tests: accounts signed up through the API (each from an address of its own, since the API
 * limits sign-ups and code sends per address), calls made as them, the storefront opened signed in, and the codes they
 * were sent (e-mails through the test mail server, SMS in the development outbox).
 */
import { randomInt } from 'node:crypto';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import type { Address, AuthResponse, Order } from '@attar/contract';
import { expect } from './fixtures';
import type { Lang } from './locales';
import { mailTo } from './mail';
import { visit } from './storefront';
import { API_URL } from './urls';

export const SHOPPER_PASSWORD = 'Attar-cart-test-1';

export type Shopper = AuthResponse & { email: string };

/**
 * A private address no other test uses, for the API's per-address limits: tests name it in X-Forwarded-For, which the
 * test storefront and the API believe from this machine (TRUST_PROXY=loopback in playwright.config.ts).
 */
export function randomClientAddress(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** An Egyptian mobile number nobody else in the run has, in the local form a shopper types. */
export function randomMobile(): string {
  return `01${[0, 1, 2, 5][randomInt(4)]}${String(randomInt(1e8)).padStart(8, '0')}`;
}

/**
 * A new account, signed up through the API from an address of its own, as from a page in `language` (the account's
 * messages go out in it).
 */
export async function signUp(request: APIRequestContext, name = 'Cart Tester', language: 'en' | 'ar' = 'en'): Promise<Shopper> {
  const email = `shopper-${Date.now()}${randomInt(1000, 9999)}@example.com`;
  const response = await request.post(`${API_URL}/api/users/me/?lang=${language}`, {
    headers: { 'X-Forwarded-For': randomClientAddress() },
    data: { name, email, phone: randomMobile(), password: SHOPPER_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...((await response.json()) as AuthResponse), email };
}

/** Verifies the shopper's phone with the code the sign-up sent to it: codes limited per customer need a verified phone. */
export async function verifyPhone(request: APIRequestContext, shopper: Shopper): Promise<void> {
  const code = await codeSentTo(shopper.user.phone!);
  await asShopper(request, shopper, 'post', '/api/users/phone/verify_phone/', { code });
}

export async function asShopper<T>(
  request: APIRequestContext,
  shopper: Shopper,
  method: 'get' | 'post' | 'patch',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request[method](`${API_URL}${path}`, { headers: { Authorization: `Token ${shopper.token}` }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** Opens the storefront signed in, as the app does after log-in: the token kept in local storage. */
export async function openSignedIn(page: Page, lang: Lang, shopper: Shopper, pathname: string): Promise<void> {
  await page.addInitScript((token) => window.localStorage.setItem('token', token), shopper.token);
  await visit(page, lang, pathname);
}

export type OutboxEntry = { id: number; body: string };

/**
 * The messages `recipient` was sent, newest first: e-mails (an address with @) from the test mail server (mail.ts),
 * their plain-text part as `body`; SMS from the development outbox (`GET /api/dev/outbox/`), asked of the API directly
 * with no X-Forwarded-For (the API answers only such requests from its own machine, never relayed ones), so through a
 * context of its own rather than a test's, which names the test's client address.
 */
export async function outbox(recipient: string): Promise<OutboxEntry[]> {
  if (recipient.includes('@')) return (await mailTo(recipient)).map((mail) => ({ id: mail.id, body: mail.text }));
  const api = await request.newContext();
  try {
    const response = await api.get(`${API_URL}/api/dev/outbox/?${new URLSearchParams({ recipient })}`);
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as OutboxEntry[];
  } finally {
    await api.dispose();
  }
}

/** The six-digit code of the newest message to `recipient` that is not among `seen`, waiting for it to arrive. */
export async function codeSentTo(recipient: string, seen: OutboxEntry[] = []): Promise<string> {
  const seenIds = new Set(seen.map((message) => message.id));
  let code: string | undefined;
  await expect
    .poll(async () => {
      const fresh = (await outbox(recipient)).find((message) => !seenIds.has(message.id));
      code = fresh?.body.match(/(?<!\d)\d{6}(?!\d)/)?.[0];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** A saved address for the shopper, in the first governorate and city the API lists. */
export async function saveAddress(request: APIRequestContext, shopper: Shopper, street: string): Promise<Address> {
  const [region] = (await (await request.get(`${API_URL}/api/region/`)).json()) as { id: number }[];
  const [city] = (await (await request.get(`${API_URL}/api/city/?region=${region!.id}`)).json()) as { id: number }[];
  return asShopper<Address>(request, shopper, 'post', '/api/addresses/', {
    name: shopper.user.name,
    phone: '01098765432',
    region: region!.id,
    city: city!.id,
    street,
  });
}

/** A product from the catalogue's first page with stock to spare, for a journey whose order any product will do. */
export async function wellStockedProduct(request: APIRequestContext): Promise<{ id: number; stock: number }> {
  const { results } = (await (await request.get(`${API_URL}/api/products/?page_size=40`)).json()) as {
    results: { id: number; stock: number }[];
  };
  const product = results.find((each) => each.stock >= 20);
  if (!product) throw new Error('No product on the first page has 20 or more in stock.');
  return product;
}

/**
 * A new shopper's cash-on-delivery order of one unit of `product` (a well-stocked one if not given), placed through the
 * API at a saved address on `street`; in `language` when given (the order's messages follow it).
 */
export async function placeCashOrder(
  request: APIRequestContext,
  { name, street, language, product }: { name: string; street: string; language?: 'en' | 'ar'; product?: { id: number } },
): Promise<{ shopper: Shopper; address: Address; order: Order }> {
  const { id } = product ?? (await wellStockedProduct(request));
  const shopper = await signUp(request, name, language);
  const address = await saveAddress(request, shopper, street);
  await asShopper(request, shopper, 'post', '/api/cart-products/', { product: id, quantity: 1 });
  const path = language ? `/api/orders/?lang=${language}` : '/api/orders/';
  const order = await asShopper<Order>(request, shopper, 'post', path, { address: address.id, payment_method: 'cod' });
  return { shopper, address, order };
}
