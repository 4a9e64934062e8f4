import { Region, SiteConfig, Slider } from '@attar/contract';
import type { z } from 'zod';
import { apiRequire, CATALOGUE_REVALIDATE_SECONDS } from './client';

export async function listSliders(locale: string): Promise<Slider[]> {
  const data = await apiRequire('/api/sliders/', { locale, revalidate: CATALOGUE_REVALIDATE_SECONDS });
  return Slider.array().parse(data);
}

/** Site settings (free-shipping threshold, contact and social links); sent without authorization (spec §6). */
export async function getSiteConfig(locale: string): Promise<SiteConfig> {
  const data = await apiRequire('/api/siteconfigb/', { locale, anonymous: true, revalidate: CATALOGUE_REVALIDATE_SECONDS });
  return SiteConfig.parse(data);
}

/** Egypt's governorates for the checkout's address form (they change about never). */
export async function listRegions(locale: string): Promise<z.infer<typeof Region>[]> {
  const data = await apiRequire('/api/region/', { locale, revalidate: CATALOGUE_REVALIDATE_SECONDS });
  return Region.array().parse(data);
}
