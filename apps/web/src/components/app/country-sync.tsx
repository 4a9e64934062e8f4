'use client';
/**
 * The client half of the country flow: once per browser session, look up the public address, ask the API
 * for its country and, when that differs from what the server rendered with, update the cookie and re-render.
 */
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { countryCookie } from '@/lib/country';
import { whenIdle } from '@/lib/idle';
import { useApp } from './app-provider';

const CHECKED_KEY = 'countryChecked';

/** Module-level so a remount (or React's development double effect) does not start a second look-up. */
let lookupStarted = false;

export function CountrySync() {
  const { countryName, setCountryName } = useApp();
  const router = useRouter();

  useEffect(() => {
    if (lookupStarted || window.sessionStorage.getItem(CHECKED_KEY)) return;
    // The server has already rendered with the country of the request's address; the look-up only confirms it, so it
    // waits until the page is up and the browser idle, and its code loads with it.
    return whenIdle(async () => {
      if (lookupStarted) return;
      lookupStarted = true;
      const [{ lookupPublicAddress }, { checkIpAddress }] = await Promise.all([
        import('@/lib/public-address'),
        import('@/lib/api/browser'),
      ]);
      const location = await checkIpAddress(await lookupPublicAddress()).catch((error: unknown) => {
        console.warn('Country look-up failed', error);
        return undefined;
      });
      if (!location) return;
      window.sessionStorage.setItem(CHECKED_KEY, '1');
      if (location.country === countryName) return;
      document.cookie = countryCookie(location.country);
      setCountryName(location.country);
      router.refresh();
    });
  }, [countryName, router, setCountryName]);

  return null;
}
