import { describe, expect, it } from 'vitest';
import { getPathname, withoutPrefix } from './navigation';

describe('getPathname', () => {
  it('leaves English paths as they are', () => {
    expect(getPathname({ locale: 'en', href: '/' })).toBe('/');
    expect(getPathname({ locale: 'en', href: '/fragrances?category_slug=eau-de-parfum' })).toBe('/fragrances?category_slug=eau-de-parfum');
  });

  it('puts Arabic paths under /ar, home without a trailing slash', () => {
    expect(getPathname({ locale: 'ar', href: '/' })).toBe('/ar');
    expect(getPathname({ locale: 'ar', href: '/?order_id=ATR-7' })).toBe('/ar?order_id=ATR-7');
    expect(getPathname({ locale: 'ar', href: '/fragrances/oud-nights' })).toBe('/ar/fragrances/oud-nights');
  });

  it('builds the query of an object href, leaving out unset values', () => {
    const href = { pathname: '/fragrances', query: { category_slug: 'deodorants', search: undefined } };
    expect(getPathname({ locale: 'ar', href })).toBe('/ar/fragrances?category_slug=deodorants');
    expect(getPathname({ locale: 'en', href: { pathname: '/new', query: {} } })).toBe('/new');
  });

  it('leaves addresses outside the shop alone', () => {
    expect(getPathname({ locale: 'ar', href: 'https://wa.me/201000000000' })).toBe('https://wa.me/201000000000');
  });
});

describe('withoutPrefix', () => {
  it('takes the Arabic prefix off, home included, and leaves everything else alone', () => {
    expect(withoutPrefix('/ar/bag', 'ar')).toBe('/bag');
    expect(withoutPrefix('/ar', 'ar')).toBe('/');
    expect(withoutPrefix('/arrivals', 'ar')).toBe('/arrivals');
    expect(withoutPrefix('/bag', 'en')).toBe('/bag');
  });
});
