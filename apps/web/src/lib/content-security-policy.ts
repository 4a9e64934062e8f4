/**
 * The storefront's Content-Security-Policy, made per request in `src/proxy.ts`: scripts run only with the request's
 * nonce (Next puts it on its own scripts; `AnalyticsScripts` on the tag manager's), and what those scripts load is
 * trusted in turn ('strict-dynamic': Google Tag Manager, Google and Facebook sign-in). Everything else is the shop's
 * own origin, but for the services the pages talk to.
 */

export type PolicyOptions = {
  nonce: string;
  /** The public-IP look-up the country check calls from the browser. */
  ipLookupUrl: string;
  /** True on an https shop: images then come only over https, and the browser is told to keep to https. */
  https: boolean;
  /** `next dev` evaluates code at run time. */
  development: boolean;
};

const origin = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

export function contentSecurityPolicy({ nonce, ipLookupUrl, https, development }: PolicyOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(development ? ["'unsafe-eval'"] : [])],
    // React's style attributes (positions, progress widths) are inline.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Product pictures come from the API's public address, which in demo mode is another origin (localhost:8000).
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(https ? [] : ['http:'])],
    'font-src': ["'self'", 'data:'],
    // The proof-of-work widget (components/challenge) solves in workers it makes from its own code.
    'worker-src': ["'self'", 'blob:'],
    'connect-src': [
      "'self'",
      origin(ipLookupUrl),
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
      'https://accounts.google.com',
      'https://graph.facebook.com',
    ].filter(Boolean),
    'frame-src': ['https://accounts.google.com', 'https://www.facebook.com', 'https://www.googletagmanager.com'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** Two years, subdomains included: sent only when the shop's public address is https. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** A fresh nonce for one response: 128 random bits, base64. */
export const newNonce = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
