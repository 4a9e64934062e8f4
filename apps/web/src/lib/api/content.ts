import { InfoPage, Region, SiteConfig, Slider, type InfoPageSlug } from '@attar/contract';
import type { z } from 'zod';
import { apiRequire } from './client';

/*
 * What staff edit on the back office's content screens is read fresh at every render, not through the storefront's
 * data cache: once its second is up, that cache answers with what it held and only then asks again, so the first view
 * after a save would show the old text. The API's micro-cache keeps these calls cheap, and every instance drops it when
 * staff save (decision 0004).
 */

export async function listSliders(locale: string): Promise<Slider[]> {
  const data = await apiRequire('/api/sliders/', { locale });
  return Slider.array().parse(data);
}

/** Site settings (free-shipping threshold, contact and social links); sent without authorization. */
export async function getSiteConfig(locale: string): Promise<SiteConfig> {
  const data = await apiRequire('/api/siteconfigb/', { locale, anonymous: true });
  return SiteConfig.parse(data);
}

/** An information page in the language asked for (its body is markup, info-markup.ts); null when there is none. */
export async function getInfoPage(slug: InfoPageSlug, locale: string): Promise<InfoPage | null> {
  try {
    return InfoPage.parse(await apiRequire(`/api/pages/${slug}/`, { locale, anonymous: true }));
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'not_found') return null;
    throw error;
  }
}

/** Egypt's governorates for the checkout's address form (they change about never). */
export async function listRegions(locale: string): Promise<z.infer<typeof Region>[]> {
  const data = await apiRequire('/api/region/', { locale });
  return Region.array().parse(data);
}
