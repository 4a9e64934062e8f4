/**
 * The shop's public address in production (PUBLIC_URL), as the API and the storefront both check it before starting:
 * https, so that HSTS is sent and `Secure` cookies travel; plain http only for this machine's own name (localhost,
 * 127.x, [::1]: the benches and the chaos suite run production on one machine, where nobody else can listen).
 */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** What is wrong with a production PUBLIC_URL, or null when nothing is. */
export function publicUrlProblem(value: string | undefined): string | null {
  if (!value) return "PUBLIC_URL: missing (the shop's public https:// address)";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `PUBLIC_URL: not an http(s) address (${value})`;
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') return LOOPBACK_HOST.test(url.hostname) ? null : `PUBLIC_URL: production needs https:// (${value})`;
  return `PUBLIC_URL: not an http(s) address (${value})`;
}
