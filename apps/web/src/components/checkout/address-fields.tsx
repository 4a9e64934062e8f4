'use client';
/**
 * The fields of an Egyptian delivery address (the contract's Address): name and mobile, governorate then city (the
 * cities load once a governorate is chosen), street, building, floor, apartment, landmark. Used for a signed-in
 * shopper's new saved address and for a guest's checkout, which adds an optional e-mail.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { formatNumber } from '@/i18n/locales';
import { getCities, type City, type Region } from '@/lib/api/checkout';
import { useApp } from '../app/app-provider';
import { FIELD_KINDS, FormField } from '../account/form-field';
import { useFieldTexts } from '../account/form-rules';
import { SelectField } from './select-field';
import type { AccountForm, SchemaTools } from '../account/use-account-form';

/** The API's limits on the free-text parts of an address (packages/contract checkout.ts). */
const LIMITS = { street: 200, building: 50, floor: 20, apartment: 20, landmark: 200 } as const;

type Translate = ReturnType<typeof useTranslations<'common'>>;

/** The address rules with messages in the page's language, for a form's schema (see useAccountForm). */
export function addressSchema({ z, rules }: SchemaTools, t: Translate, locale: string) {
  const tooLong = (max: number) => t('account.form.tooLong', { max: formatNumber(max, locale) });
  const choice = (field: 'region' | 'city') => rules.required(field).transform(Number).pipe(z.number().int().positive());
  const optional = (max: number) =>
    z
      .string()
      .trim()
      .max(max, { error: tooLong(max) });
  return z.object({
    name: rules.name(),
    phone: rules.phone(),
    region: choice('region'),
    city: choice('city'),
    street: rules.required('street').max(LIMITS.street, { error: tooLong(LIMITS.street) }),
    building: optional(LIMITS.building),
    floor: optional(LIMITS.floor),
    apartment: optional(LIMITS.apartment),
    landmark: optional(LIMITS.landmark),
  });
}

export type AddressFormInput = {
  name: string;
  phone: string;
  region: string;
  city: string;
  street: string;
  building: string;
  floor: string;
  apartment: string;
  landmark: string;
};

/** A valid address as the form hands it over: governorate and city as ids. */
export type AddressFormOutput = z.output<ReturnType<typeof addressSchema>>;

export const EMPTY_ADDRESS: AddressFormInput = {
  name: '',
  phone: '',
  region: '',
  city: '',
  street: '',
  building: '',
  floor: '',
  apartment: '',
  landmark: '',
};

type AddressFieldsProps<Input extends AddressFormInput> = {
  form: AccountForm<Input, unknown>;
  regions: Region[];
};

/** The cities of the chosen governorate; the city is cleared when the governorate changes. */
function useCities(region: string): City[] {
  const locale = useLocale();
  const { handleError } = useApp();
  const [cities, setCities] = useState<{ region: string; list: City[] }>({ region: '', list: [] });

  useEffect(() => {
    if (!region) return;
    let live = true;
    getCities(Number(region), locale).then((list) => live && setCities({ region, list }), handleError);
    return () => {
      live = false;
    };
  }, [region, locale, handleError]);

  return cities.region === region ? cities.list : [];
}

export function AddressFields<Input extends AddressFormInput>({ form, regions }: AddressFieldsProps<Input>) {
  const t = useTranslations('common');
  const texts = useFieldTexts();
  const cities = useCities(form.values.region);

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField form={form} name="name" label={texts.label('name')} autoComplete="name" />
      <FormField form={form} name="phone" label={texts.label('phone')} hint={texts.hints.phone} {...FIELD_KINDS.phone} />
      <SelectField
        form={form}
        name="region"
        label={texts.label('region')}
        placeholder={t('checkout.chooseRegion')}
        options={regions.map((region) => ({ value: region.id, label: region.name }))}
        autoComplete="address-level1"
        onChoose={() => form.setValue('city', '')}
      />
      <SelectField
        form={form}
        name="city"
        label={texts.label('city')}
        placeholder={cities.length ? t('checkout.chooseCity') : t('checkout.chooseRegionFirst')}
        options={cities.map((city) => ({ value: city.id, label: city.name }))}
        disabled={cities.length === 0}
        autoComplete="address-level2"
      />
      <FormField form={form} name="street" label={texts.label('street')} autoComplete="address-line1" className="sm:col-span-2" />
      <FormField form={form} name="building" label={optionalLabel(texts.label('building'), t('checkout.optional'))} required={false} />
      <FormField form={form} name="floor" label={optionalLabel(texts.label('floor'), t('checkout.optional'))} required={false} />
      <FormField form={form} name="apartment" label={optionalLabel(texts.label('apartment'), t('checkout.optional'))} required={false} />
      <FormField form={form} name="landmark" label={optionalLabel(texts.label('landmark'), t('checkout.optional'))} required={false} />
    </div>
  );
}

const optionalLabel = (label: string, optional: string) => `${label} (${optional})`;
