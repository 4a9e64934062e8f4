'use client';
/**
 * A saved address, new or edited (`POST /api/addresses/`, `PATCH /api/addresses/{id}/`): the address fields and
 * "make this my default". The one form of checkout's address picker and the profile's address book, which also
 * share how a saved address reads (SavedAddress) and how a list takes a saved one in (saved-addresses.ts).
 */
import { useLocale, useTranslations } from 'next-intl';
import type { Address } from '@attar/contract';
import { createAddress, updateAddress, type Region } from '@/lib/api/checkout';
import { localMobile } from '@/lib/mobile-number';
import { useApp } from '../app/app-provider';
import { SubmitButton } from '../account/form-field';
import { useAccountForm, useSubmit } from '../account/use-account-form';
import { PostalAddress } from '../orders/postal-address';
import { AddressFields, addressSchema, EMPTY_ADDRESS, type AddressFormInput, type AddressFormOutput } from './address-fields';

type AddressFormProps = {
  regions: Region[];
  /** The address being edited; none: a new one. */
  address?: Address;
  /** A shopper's first address is their default (the box starts ticked). */
  first?: boolean;
  onCancel?: () => void;
  onSaved: (address: Address) => void;
};

type AddressFormValues = AddressFormInput & { is_default: boolean };

const valuesOf = (address: Address): AddressFormValues => ({
  name: address.name,
  phone: localMobile(address.phone),
  region: String(address.region.id),
  city: String(address.city.id),
  street: address.street,
  building: address.building,
  floor: address.floor,
  apartment: address.apartment,
  landmark: address.landmark,
  is_default: address.is_default,
});

export function AddressForm({ regions, address, first = false, onCancel, onSaved }: AddressFormProps) {
  const t = useTranslations('common');
  const locale = useLocale();
  const { user, showToast } = useApp();
  const form = useAccountForm<AddressFormValues, AddressFormOutput & { is_default: boolean }>(
    (tools) => addressSchema(tools, t, locale).extend({ is_default: tools.z.boolean() }),
    address ? valuesOf(address) : { ...EMPTY_ADDRESS, name: user?.name ?? '', phone: localMobile(user?.phone ?? null), is_default: first },
  );
  const submit = useSubmit(form, async (values) => {
    onSaved(address ? await updateAddress(address.id, values, locale) : await createAddress(values, locale));
    showToast('success', t('checkout.addressSaved'));
  });
  const title = address ? t('account.addressBook.editTitle') : t('checkout.addAddress');

  return (
    <form onSubmit={submit} noValidate aria-label={title} className="flex flex-col gap-4 rounded-xl border border-line p-4">
      <h3 className="text-base font-semibold text-cream">{title}</h3>
      <AddressFields form={form} regions={regions} />
      {/* The default moves by choosing another one, never by unticking it. */}
      {!address?.is_default && (
        <label className="flex items-center gap-2 text-sm text-cream">
          <input type="checkbox" {...form.register('is_default')} className="size-4 accent-gold" />
          {t('checkout.makeDefault')}
        </label>
      )}
      <div className="flex flex-wrap gap-3">
        <div className="min-w-48 flex-1">
          <SubmitButton busy={form.submitting}>{t('checkout.saveAddress')}</SubmitButton>
        </div>
        {onCancel && (
          <button type="button" onClick={onCancel} className="btn-outline h-12">
            {t('checkout.cancelAddress')}
          </button>
        )}
      </div>
    </form>
  );
}

/** A saved address as both lists show it: "Default" when it is, then the address. */
export function SavedAddress({ address }: { address: Address }) {
  const t = useTranslations('common.checkout');
  return (
    <span className="flex flex-col gap-1 text-sm">
      {address.is_default && (
        <span className="self-start rounded-full bg-gold/15 px-2 py-0.5 text-xs text-gold">{t('defaultAddress')}</span>
      )}
      <PostalAddress address={address} className="text-mist [&>span:first-child]:font-semibold [&>span:first-child]:text-cream" />
    </span>
  );
}
