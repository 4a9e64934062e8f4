/**
 * What the storefront's server refuses to start without. Production (NODE_ENV=production, as for the API) writes its
 * absolute URLs from one configured public address, PUBLIC_URL (src/lib/site-origin.ts), never from a default host.
 */
export function settingsProblems(env: Partial<Record<string, string>>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const publicUrl = env.PUBLIC_URL;
  if (!publicUrl) return ["PUBLIC_URL: missing (the shop's public https:// address)"];
  try {
    const { protocol } = new URL(publicUrl);
    if (protocol === 'https:' || protocol === 'http:') return [];
  } catch {
    // Reported below.
  }
  return [`PUBLIC_URL: not an http(s) address (${publicUrl})`];
}
