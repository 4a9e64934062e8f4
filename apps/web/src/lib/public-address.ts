/** The visitor's public address from the configured look-up service, for the country check. */
export const IP_LOOKUP_URL = process.env.NEXT_PUBLIC_IP_LOOKUP_URL || 'https://api.ipify.org?format=json';
const IP_LOOKUP_TIMEOUT_MS = 4000;

export async function lookupPublicAddress(): Promise<string | undefined> {
  try {
    const response = await fetch(IP_LOOKUP_URL, { signal: AbortSignal.timeout(IP_LOOKUP_TIMEOUT_MS) });
    const body = (await response.json()) as { ip?: unknown };
    return typeof body.ip === 'string' ? body.ip : undefined;
  } catch (error) {
    // A failed location look-up is only logged; the API then uses the request's own address.
    console.warn('Public IP look-up failed', error);
    return undefined;
  }
}
