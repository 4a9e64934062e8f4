/** Ways to find the storefront's parts the way a shopper (or a screen reader) does, in either language. */
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import type { Lang } from './locales';

/** `1250` → "1,250 LE", `12.5` → "12.50 LE" (en) or "١٬٢٥٠ ج.م" (ar), as the storefront formats prices. */
export function priceText(lang: Lang, amount: number): string {
  return lang.t('price.amount', { amount: lang.amount(amount) });
}

/** How a bag line names a product in a size ("Oud Royal, 100 ml"), e.g. on its remove button. */
export function sizedName(lang: Lang, name: string, ml: number): string {
  return lang.t('bag.sizedName', { name, size: lang.t('product.sizeMl', { size: lang.number(ml) }) });
}

/** `text` as a literal inside a regular expression (RegExp.escape arrives only in Node 24). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

export async function expectDocumentLanguage(page: Page, lang: Lang): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang.code);
  await expect(page.locator('html')).toHaveAttribute('dir', lang.dir);
}

/** Opens `pathname` in the language and checks the document's language and direction (en/ltr, ar/rtl). */
export async function visit(page: Page, lang: Lang, pathname: string): Promise<Response | null> {
  const response = await page.goto(lang.path(pathname));
  await expectDocumentLanguage(page, lang);
  return response;
}

/** The path and query of the current page, e.g. `/ar/fragrances?category_slug=eau-de-parfum`. */
export function currentPath(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

export function searchBox(page: Page, lang: Lang): Locator {
  return page.getByRole('search').getByLabel(lang.t('header.searchLabel'), { exact: true });
}

/** The language switch: in the header on wide screens, in the bottom bar on phones. */
export function languageToggle(page: Page, lang: Lang): Locator {
  return page
    .getByRole('link', { name: lang.t('header.switchLanguage'), exact: true })
    .or(page.getByRole('link', { name: lang.t('bottomBar.language'), exact: true }))
    .first();
}

/** The category nav, opening the menu first on small screens (it is inline on large ones). */
export async function openCategoryNav(page: Page, lang: Lang): Promise<Locator> {
  const menuButton = page.getByRole('button', { name: lang.t('nav.openMenu') });
  if (await menuButton.isVisible()) await menuButton.click();
  const nav = page.getByRole('navigation', { name: lang.t('a11y.mainNav') });
  await expect(nav).toBeVisible();
  return nav;
}

/** A product or offer page's own article (its name, pictures and buying), apart from the cards of "you may also like". */
export function productDetail(page: Page): Locator {
  return page.getByRole('main').getByRole('article').first();
}

/** Product cards (`<article>`) of a listing. */
export function productCards(page: Page): Locator {
  return page.getByRole('main').getByRole('article');
}

export function productCard(page: Page, name: string): Locator {
  return productCards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** A toast of the given kind (sonner's `data-type`: success is green, error red) showing `text`. */
/** The demo's test payment page, which the API writes in the order's language. */
const TEST_GATEWAY = {
  en: { heading: 'Test payment', approve: 'Approve payment', decline: 'Decline payment', wallet: 'Paid from a mobile wallet' },
  ar: { heading: 'دفع تجريبي', approve: 'الموافقة على الدفع', decline: 'رفض الدفع', wallet: 'الدفع من محفظة الموبايل' },
} as const;

export function testGateway(page: Page, lang: Lang) {
  const words = TEST_GATEWAY[lang.code];
  return {
    heading: page.getByRole('heading', { level: 1, name: words.heading, exact: true }),
    approve: page.getByRole('button', { name: words.approve }),
    decline: page.getByRole('button', { name: words.decline }),
    walletLine: page.getByText(words.wallet, { exact: false }),
  };
}

export function toast(page: Page, kind: 'success' | 'error', text: string): Locator {
  return page.locator(`[data-sonner-toast][data-type="${kind}"]`).filter({ hasText: text });
}

/**
 * A toast in the shop's look: at the top right, in the page's typeface, cream text on its deep green or red, and once it
 * has slid in, below the sticky header, so the header's cart stays in sight. The pointer rests on it first, which holds
 * it open (a toast hides by itself after 3 s, sooner than a busy machine answers one check after another), it is read
 * in one step once its slide-in has finished, and the pointer leaves so the toast can go.
 */
export async function expectToastInBrand(shown: Locator, kind: 'success' | 'error'): Promise<void> {
  await expect(shown).toHaveAttribute('data-mounted', 'true');
  await shown.hover();
  const look = await shown.evaluate(async (element) => {
    await Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    const style = getComputedStyle(element);
    const header = document.querySelector('[data-site-header]')!.getBoundingClientRect();
    return {
      position: `${element.getAttribute('data-y-position')}-${element.getAttribute('data-x-position')}`,
      background: style.backgroundColor,
      color: style.color,
      font: style.fontFamily === getComputedStyle(document.body).fontFamily,
      belowHeader: element.getBoundingClientRect().top >= header.bottom,
    };
  });
  await shown.page().mouse.move(0, 0);
  expect(look).toEqual({
    position: 'top-right',
    background: kind === 'success' ? 'rgb(27, 77, 49)' : 'rgb(179, 38, 30)',
    color: 'rgb(244, 237, 225)',
    font: true,
    belowHeader: true,
  });
}

/** The item count on the header's CART shortcut. */
/** Checkout's order summary, where "Place order" is. */
export function checkoutSummary(page: Page, lang: Lang): Locator {
  return page.getByRole('complementary', { name: lang.t('checkout.summary') });
}

/** Checkout's saved addresses (a group of radios). */
export function savedAddresses(page: Page, lang: Lang): Locator {
  return page.getByRole('group', { name: lang.t('checkout.savedAddresses') });
}

/**
 * Waits until a signed-in shopper's saved address is chosen: the list loads after the page, and "Place order" before
 * it only asks for an address, as it would a shopper who clicked that fast.
 */
export async function expectAddressChosen(page: Page, lang: Lang): Promise<void> {
  await expect(savedAddresses(page, lang).getByRole('radio', { checked: true })).toHaveCount(1);
}

export function headerCartBadge(page: Page): Locator {
  return page.getByRole('banner').getByTestId('cart-count');
}

/** The free-shipping line of the header ('Free Shipping' plus 'orders above {amount}'). */
export function freeShippingBanner(page: Page, lang: Lang): Locator {
  return page.getByRole('banner').getByText(lang.t('header.freeShipping'), { exact: true });
}

export async function readLocalStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((storageKey) => window.localStorage.getItem(storageKey), key);
}

/** The element's text colour as sRGB, whatever CSS colour space the stylesheet used (Tailwind 4 uses oklch). */
export async function textColorRgb(locator: Locator): Promise<{ r: number; g: number; b: number }> {
  return locator.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('No 2D canvas');
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return { r, g, b };
  });
}

/** Red enough to read as an error or out-of-stock colour: red clearly dominates green and blue. */
export function isRed({ r, g, b }: { r: number; g: number; b: number }): boolean {
  return r >= 150 && r - g >= 60 && r - b >= 60;
}

/** Waits until the page has no network traffic left, so an absent popup or toast is really absent. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

/** The `application/ld+json` blocks of the page, parsed. */
export async function jsonLdBlocks(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((text) => {
    const parsed = JSON.parse(text) as unknown;
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.flatMap((entry) => {
      const graph = (entry as { '@graph'?: unknown[] })['@graph'];
      return (Array.isArray(graph) ? graph : [entry]) as Record<string, unknown>[];
    });
  });
}

export type DataLayerEntry = {
  event?: string;
  ecommerce?: { transaction_id?: string; currency?: string; value?: number; items?: Array<Record<string, unknown>> };
};

export async function dataLayerEvents(page: Page, event: string): Promise<DataLayerEntry[]> {
  return page.evaluate(
    (name) =>
      ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
        (entry): entry is DataLayerEntry => (entry as DataLayerEntry | null)?.event === name,
      ),
    event,
  );
}
