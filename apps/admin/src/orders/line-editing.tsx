/**
 * An order's lines as staff change them, on the phone order and on an order's edit: a product found in one of its
 * sizes to add, and a line's units typed.
 */
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Product, ProductVariant, StockConflictBody } from '@attar/contract';
import type { z } from 'zod';
import { Button, Field, Money, Notice, Select } from '../components/ui';
import { formatNumber } from '../lib/format';
import { useCities, useRegions } from '../content/api';
import type { AddressForm } from './address-form';
import { useI18n } from '../lib/i18n';
import { useNameInSize } from './order-parts';
import { useProductSearch } from './phone-order-api';

/** A product in one of its sizes, found as the storefront's search finds it; `onAdd` gets the choice, then the search clears. */
export function ProductFinder({ onAdd }: { onAdd(product: Product, size: ProductVariant): void }) {
  const { t } = useI18n();
  const [search, setSearch] = useState('');
  const found = useProductSearch(search);
  const nameInSize = useNameInSize();
  const sizeName = (product: Product, size: ProductVariant) => nameInSize(product.name, size.ml);
  return (
    <>
      <Field label={t('findProduct')} type="search" autoComplete="off" value={search} onChange={(event) => setSearch(event.target.value)} />
      {search.trim().length >= 2 && found.data && (
        <ul aria-label={t('productResults')} className="flex flex-col divide-y divide-line rounded-md border border-line">
          {found.data.results.length === 0 && <li className="p-2 text-sm text-mist">{t('noProducts')}</li>}
          {found.data.results.flatMap((product) =>
            product.variants.map((size) => (
              <li key={size.id} className="flex flex-wrap items-center gap-2 p-2 text-sm">
                <span className="flex-1">{sizeName(product, size)}</span>
                <Money value={size.price} />
                <span className="text-mist">{t('inStock', { count: size.stock })}</span>
                <Button
                  onClick={() => {
                    onAdd(product, size);
                    setSearch('');
                  }}
                  disabled={size.stock < 1}
                  aria-label={t('addProduct', { name: sizeName(product, size) })}
                >
                  {t('add')}
                </Button>
              </li>
            )),
          )}
        </ul>
      )}
    </>
  );
}

/**
 * A line's units as typed: the field keeps what is being typed (empty, or "1" about to become "13"), and the line
 * takes each whole number from 1 up to the stock; leaving the field shows the line's units again.
 */
export function UnitsField({
  label,
  units,
  stock,
  onUnits,
}: {
  label: string;
  units: number;
  stock: number;
  onUnits(units: number): void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <Field
      label={label}
      hideLabel
      type="number"
      inputMode="numeric"
      min={1}
      max={stock}
      value={typed ?? units}
      onChange={(event) => {
        setTyped(event.target.value);
        const value = Number(event.target.value);
        if (event.target.value !== '' && Number.isInteger(value) && value >= 1) onUnits(value);
      }}
      onBlur={() => setTyped(null)}
      className="w-24"
    />
  );
}

/**
 * A delivery address typed in, governorate first (its cities follow), on any form holding {@link AddressForm}'s
 * fields: a phone order's new address, an order's changed one.
 */
export function AddressFields<F extends AddressForm>({ form: anyForm }: { form: UseFormReturn<F> }) {
  // The fields are AddressForm's whatever else the form holds.
  const form = anyForm as unknown as UseFormReturn<AddressForm>;
  const { t } = useI18n();
  const regionValue = form.watch('region');
  const regions = useRegions();
  const cities = useCities(regionValue ? Number(regionValue) : null);
  const { errors } = form.formState;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label={t('recipient')} autoComplete="off" error={errors.recipient?.message} {...form.register('recipient')} />
      <Field
        label={t('recipientPhone')}
        type="tel"
        ltr
        autoComplete="off"
        error={errors.recipient_phone?.message}
        {...form.register('recipient_phone')}
      />
      <Select
        label={t('governorate')}
        error={errors.region?.message}
        {...form.register('region', { onChange: () => form.setValue('city', '') })}
      >
        <option value="">{t('choose')}</option>
        {regions.data?.map((region) => (
          <option key={region.id} value={region.id}>
            {region.name}
          </option>
        ))}
      </Select>
      <Select label={t('city')} error={errors.city?.message} disabled={!cities.data} {...form.register('city')}>
        <option value="">{t('choose')}</option>
        {cities.data?.map((city) => (
          <option key={city.id} value={city.id}>
            {city.name}
          </option>
        ))}
      </Select>
      <Field label={t('street')} autoComplete="off" className="sm:col-span-2" error={errors.street?.message} {...form.register('street')} />
      <Field label={t('building')} autoComplete="off" {...form.register('building')} />
      <Field label={t('floor')} autoComplete="off" {...form.register('floor')} />
      <Field label={t('apartment')} autoComplete="off" {...form.register('apartment')} />
      <Field label={t('landmark')} autoComplete="off" {...form.register('landmark')} />
    </div>
  );
}

/** The lines the shelves cannot serve, each with what is left; nothing when none is short. */
export function ShortLinesNotice({ lines }: { lines: z.infer<typeof StockConflictBody>['lines'] }) {
  const { t, locale } = useI18n();
  const nameInSize = useNameInSize();
  if (lines.length === 0) return null;
  return (
    <Notice tone="error">
      <ul>
        {lines.map((line) => (
          <li key={`${line.kind}-${line.id}-${line.variant ?? ''}`}>
            {t('phoneOrderShort', {
              name: line.size_ml === null ? line.name : nameInSize(line.name, line.size_ml),
              available: formatNumber(locale, line.available),
            })}
          </li>
        ))}
      </ul>
    </Notice>
  );
}

/** Takes a line off the order ("Remove Oud Royal · 100 ml" to a screen reader). */
export function RemoveLineButton({ name, onRemove }: { name: string; onRemove(): void }) {
  const { t } = useI18n();
  return (
    <Button variant="danger" onClick={onRemove} aria-label={t('removeProduct', { name })}>
      {t('remove')}
    </Button>
  );
}
