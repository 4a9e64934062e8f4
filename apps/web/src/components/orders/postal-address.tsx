'use client';
/**
 * A delivery address as a person reads it: name, street, building/floor/apartment, city and governorate, landmark,
 * phone. Each line takes the direction of its own words (a street number stays at its start, in either language);
 * parts on one line are joined with commas; the phone reads left to right with its `+` in front.
 */
import { useLocale, useTranslations } from 'next-intl';
import type { Address } from '@attar/contract';
import { formatAddressParts } from '@/i18n/formats';
import { displayPhone } from '@/lib/mobile-number';

type AddressParts = Pick<Address, 'name' | 'phone' | 'street' | 'building' | 'floor' | 'apartment' | 'landmark'> & {
  city: { name: string };
  region: { name: string };
};

export function PostalAddress({ address, className = '' }: { address: AddressParts; className?: string }) {
  const t = useTranslations('common.orders.delivery');
  const locale = useLocale();
  // Building, floor and apartment on one line, each only when given.
  const unit = [
    address.building && t('building', { value: address.building }),
    address.floor && t('floor', { value: address.floor }),
    address.apartment && t('apartment', { value: address.apartment }),
  ].filter((part): part is string => Boolean(part));
  return (
    <address className={`flex flex-col gap-0.5 not-italic ${className}`}>
      <bdi>{address.name}</bdi>
      <bdi>{address.street}</bdi>
      {unit.length > 0 && <span>{formatAddressParts(unit, locale)}</span>}
      <span>{formatAddressParts([address.city.name, address.region.name], locale)}</span>
      {address.landmark && <span>{t.rich('landmark', { value: address.landmark, own: (words) => <bdi>{words}</bdi> })}</span>}
      <span>{t.rich('phone', { value: displayPhone(address.phone), ltr: (number) => <bdi dir="ltr">{number}</bdi> })}</span>
    </address>
  );
}
