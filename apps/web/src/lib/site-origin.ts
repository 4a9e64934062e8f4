import { headers } from 'next/headers';

const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/;

/**
 * The storefront's public origin, for every absolute URL it writes (canonical and hreflang links, Open Graph, JSON-LD,
 * the sitemap and robots.txt): PUBLIC_URL, the one address the shop is configured with, which production cannot start
 * without (src/server/index.ts). In demo mode none is set, and the address the page was asked for is used when it is
 * this machine's (localhost or 127.0.0.1, so both work); any other Host header is never trusted.
 */
export async function siteOrigin(): Promise<string> {
  const configured = process.env.PUBLIC_URL;
  if (configured) return new URL(configured).origin;
  const host = (await headers()).get('host');
  return host && LOOPBACK_HOST.test(host) ? `http://${host}` : `http://localhost:${process.env.PORT ?? 3000}`;
}
