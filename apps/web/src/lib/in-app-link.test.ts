import { describe, expect, it } from 'vitest';
import { inAppHref } from './in-app-link';

const here = { origin: 'https://attar.example', pathname: '/fragrances', search: '?page=2' };
const plainClick = { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

function anchor(href: string, attributes: Record<string, string> = {}) {
  const url = new URL(href, here.origin);
  return {
    target: attributes.target ?? '',
    origin: url.origin,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    hasAttribute: (name: string) => name in attributes,
  };
}

describe('inAppHref', () => {
  it('opens a plain click on another page of the shop in-app, query and fragment included', () => {
    expect(inAppHref(plainClick, anchor('/ar/products/oud-royal?size=50#notes'), here)).toBe('/ar/products/oud-royal?size=50#notes');
    expect(inAppHref(plainClick, anchor('/fragrances?page=3'), here)).toBe('/fragrances?page=3');
  });

  it('leaves new tabs and windows to the browser', () => {
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) {
      expect(inAppHref({ ...plainClick, [key]: true }, anchor('/bag'), here)).toBeNull();
    }
    expect(inAppHref({ ...plainClick, button: 1 }, anchor('/bag'), here)).toBeNull();
    expect(inAppHref(plainClick, anchor('/bag', { target: '_blank' }), here)).toBeNull();
  });

  it('leaves downloads, other sites and jumps within the page to the browser', () => {
    expect(inAppHref(plainClick, anchor('/terms.pdf', { download: '' }), here)).toBeNull();
    expect(inAppHref(plainClick, anchor('https://maps.example/place'), here)).toBeNull();
    expect(inAppHref(plainClick, anchor('/fragrances?page=2#main'), here)).toBeNull();
  });

  it('leaves a click a handler has already taken', () => {
    expect(inAppHref({ ...plainClick, defaultPrevented: true }, anchor('/ar/bag'), here)).toBeNull();
  });
});
