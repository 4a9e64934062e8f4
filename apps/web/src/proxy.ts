/**
 * Runs before every page: locale routing (next-intl), one URL per page (no trailing slash), the visitor's country
 * (looked up once and kept in the `country` cookie so pages render prices on the server without a shift), and the
 * page's Content-Security-Policy with a fresh nonce (HSTS too when the shop is served over https).
 */
import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { checkIpAddress } from './lib/api/browser';
import { COUNTRY_COOKIE, COUNTRY_COOKIE_MAX_AGE_SECONDS, forwardedClientAddress } from './lib/country';
import { routing } from './i18n/routing';
import { contentSecurityPolicy, newNonce, STRICT_TRANSPORT_SECURITY } from './lib/content-security-policy';
import { IP_LOOKUP_URL } from './lib/public-address';

const SERVED_OVER_HTTPS = process.env.PUBLIC_URL?.startsWith('https://') ?? false;

const handleLocale = createMiddleware(routing);
const COUNTRY_LOOKUP_TIMEOUT_MS = 1500;

async function lookupCountry(request: NextRequest): Promise<string | undefined> {
  try {
    const address = forwardedClientAddress(request.headers.get('x-forwarded-for'));
    // Forwarded too, so the API counts its per-address rate limit against the visitor, not against this server.
    const location = await checkIpAddress(address, {
      signal: AbortSignal.timeout(COUNTRY_LOOKUP_TIMEOUT_MS),
      headers: address ? { 'X-Forwarded-For': address } : undefined,
    });
    return location?.country;
  } catch (error) {
    console.warn('Country look-up failed', error);
    return undefined;
  }
}

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname.length > 1 && pathname.endsWith('/')) {
    const url = new URL(request.url);
    url.pathname = pathname.replace(/\/+$/, '');
    return NextResponse.redirect(url, 308);
  }

  // Next reads the nonce from the request's policy and puts it on its own scripts; the layout reads x-nonce.
  const nonce = newNonce();
  const policy = contentSecurityPolicy({
    nonce,
    ipLookupUrl: IP_LOOKUP_URL,
    https: SERVED_OVER_HTTPS,
    development: process.env.NODE_ENV === 'development',
  });
  request.headers.set('x-nonce', nonce);
  request.headers.set('content-security-policy', policy);

  const known = request.cookies.get(COUNTRY_COOKIE)?.value;
  const country = known ?? (await lookupCountry(request));
  // Visible to this very render (the intl middleware passes the request headers on) and stored for the next ones.
  if (!known && country) request.cookies.set(COUNTRY_COOKIE, country);
  const response = handleLocale(request);
  if (!known && country) {
    response.cookies.set(COUNTRY_COOKIE, country, { path: '/', maxAge: COUNTRY_COOKIE_MAX_AGE_SECONDS, sameSite: 'lax' });
  }
  response.headers.set('content-security-policy', policy);
  if (SERVED_OVER_HTTPS) response.headers.set('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  return response;
}

export const config = {
  // Pages only: not the API, the back office (the API's, next.config.ts), Next's own files, or files with an extension
  // (sitemap.xml, robots.txt, icons).
  matcher: '/((?!api|admin|media|_next|_vercel|.*\\..*).*)',
};
