'use client';
/** A delivery address as a person reads it: name, street, building/floor/apartment, city and governorate, landmark, phone. */
import { useLocale, useTranslations } from 'next-intl';
import type { Address } from '@attar/contract';
import { formatList } from '@/i18n/formats';

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
      <span>{address.name}</span>
      <span>{address.street}</span>
      {unit.length > 0 && <span>{formatList(unit, locale)}</span>}
      <span>{formatList([address.city.name, address.region.name], locale)}</span>
      {address.landmark && <span>{t('landmark', { value: address.landmark })}</span>}
      <span>{t.rich('phone', { value: address.phone, ltr: (number) => <span dir="ltr">{number}</span> })}</span>
    </address>
  );
}
