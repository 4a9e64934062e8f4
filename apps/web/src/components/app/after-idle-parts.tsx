'use client';
/** The parts after-idle.tsx mounts once the page is up and the browser idle. */
import { CountrySync } from './country-sync';
import { PromoPopup } from './promo-popup';

export function AfterIdleParts() {
  return (
    <>
      <PromoPopup />
      <CountrySync />
    </>
  );
}
