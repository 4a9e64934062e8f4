import type { MetadataRoute } from 'next';
import { siteOrigin } from '@/lib/site-origin';

export default async function robots(): Promise<MetadataRoute.Robots> {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/bag', '/ar/bag'] }],
    sitemap: `${await siteOrigin()}/sitemap.xml`,
  };
}
