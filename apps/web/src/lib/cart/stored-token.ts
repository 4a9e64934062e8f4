import { TOKEN_STORAGE_KEY } from '@/lib/api/client';

/**
 * Whether a session token is stored. The app provider puts it into state just after the first render; until then a
 * signed-in shopper's cart and favourites wait for it instead of showing the guest's.
 */
export function hasStoredToken(): boolean {
  try {
    return Boolean(window.localStorage.getItem(TOKEN_STORAGE_KEY));
  } catch {
    return false;
  }
}
