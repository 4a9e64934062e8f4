'use client';
/**
 * A delivery address as a person reads it: the shop's one address block (`addressLines` of @attar/contract/rules):
 * name, street, the labelled building, floor and flat, city and governorate, landmark, phone. Numbers and the phone
 * read left to right (the `+` in front), typed words in their own direction, and the block as a whole in the direction
 * of its own words, so an Arabic address is not ragged in the English interface.
 */
import { useLocale, useTranslations } from 'next-intl';
import type { Address } from '@attar/contract';
import { addressDirection, addressLines, type AddressPiece } from '@attar/contract/rules';
import { localeConfig } from '@/i18n/locales';

type AddressParts = Pick<Address, 'name' | 'phone' | 'street' | 'building' | 'floor' | 'apartment' | 'landmark'> & {
  city: { name: string };
  region: { name: string };
};

function Piece({ piece }: { piece: AddressPiece }) {
  if (piece.ltr) return <bdi dir="ltr">{piece.text}</bdi>;
  if (piece.own) return <bdi>{piece.text}</bdi>;
  return <>{piece.text}</>;
}

export function PostalAddress({ address, className = '' }: { address: AddressParts; className?: string }) {
  const t = useTranslations('common.orders.delivery');
  const locale = useLocale();
  const { lang } = localeConfig(locale);
  // The catalogue's labels with the place of their value kept (`{value}`), for the shared layout to fill.
  const value = { value: '{value}' };
  const labels = {
    building: t('building', value),
    floor: t('floor', value),
    apartment: t('apartment', value),
    landmark: t.markup('landmark', { ...value, own: (words) => words }),
    phone: t.markup('phone', { ...value, ltr: (words) => words }),
  };
  const lines = addressLines({ ...address, city: address.city.name, region: address.region.name }, lang, labels);
  const dir = addressDirection(lines, lang);
  return (
    <address dir={dir} className={`flex flex-col gap-0.5 text-start not-italic ${className}`}>
      {lines.map((line) => (
        <span key={line.part} data-part={line.part}>
          {line.pieces.map((piece, index) => (
            <Piece key={index} piece={piece} />
          ))}
        </span>
      ))}
    </address>
  );
}
