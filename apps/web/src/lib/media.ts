/**
 * The API answers absolute image URLs (…/media/…). The browser loads them through the storefront's own `/media/`
 * rewrite instead: same origin (no cross-origin resource policy in the way, one connection), whatever host the API
 * calls itself.
 */
export function mediaSrc(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname.startsWith('/media/') ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
}

/** The square renditions the API serves for every product and offer, by width in pixels. */
export const RENDITION_WIDTHS = { image_mobile: 480, image: 600, image_desktop: 1200 } as const;
export type Renditions = Record<keyof typeof RENDITION_WIDTHS, string>;

/** A `srcset` over the three renditions, so the browser picks the smallest sharp one for the slot. */
export function renditionSrcSet(renditions: Renditions): string {
  return (Object.keys(RENDITION_WIDTHS) as (keyof Renditions)[])
    .map((key) => `${mediaSrc(renditions[key])} ${RENDITION_WIDTHS[key]}w`)
    .join(', ');
}

export function renditionsOf({ image, image_mobile, image_desktop }: Renditions): Renditions {
  return { image, image_mobile, image_desktop };
}
