'use client';
/**
 * A signed-in shopper's delivery address: one of their saved addresses (the one chosen before a reload, else the
 * default, chosen first), or a new one, saved to their account (`POST /api/addresses/`) and chosen at once.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import type { Address } from '@attar/contract';
import { createAddress, getAddresses, type Region } from '@/lib/api/checkout';
import { localMobile } from '@/lib/mobile-number';
import { useApp } from '../app/app-provider';
import { SubmitButton } from '../account/form-field';
import { useAccountForm, useSubmit } from '../account/use-account-form';
import { AddressFields, addressSchema, EMPTY_ADDRESS, type AddressFormInput, type AddressFormOutput } from './address-fields';
import { PostalAddress } from '../orders/postal-address';

type AddressPickerProps = {
  regions: Region[];
  selected: Address | null;
  onSelect: (address: Address) => void;
  /** The address the checkout draft had chosen, if still saved. */
  preferredId: number | null;
};

export function AddressPicker({ regions, selected, onSelect, preferredId }: AddressPickerProps) {
  const t = useTranslations('common.checkout');
  const locale = useLocale();
  const { handleError } = useApp();
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [adding, setAdding] = useState(false);
  const groupName = useId();

  useEffect(() => {
    getAddresses(locale).then((list) => {
      setAddresses(list);
      const preferred = list.find((address) => address.id === preferredId) ?? list.find((address) => address.is_default) ?? list[0];
      if (preferred) onSelect(preferred);
      else setAdding(true);
    }, handleError);
    // Read once per visit: a new address is added to the list here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale, handleError]);

  if (addresses === null)
    return (
      <p role="status" className="text-mist">
        {t('loading')}
      </p>
    );

  return (
    <div className="flex flex-col gap-4">
      {addresses.length > 0 && (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-mist">{t('savedAddresses')}</legend>
          {addresses.map((address) => (
            <label key={address.id} className="flex cursor-pointer gap-3 rounded-xl border border-line bg-ink p-4 has-checked:border-gold">
              <input
                type="radio"
                name={groupName}
                checked={selected?.id === address.id}
                onChange={() => onSelect(address)}
                className="mt-1 size-4 accent-gold"
              />
              <span className="flex flex-col gap-1 text-sm">
                {address.is_default && (
                  <span className="self-start rounded-full bg-gold/15 px-2 py-0.5 text-xs text-gold">{t('defaultAddress')}</span>
                )}
                <PostalAddress address={address} className="text-mist [&>span:first-child]:font-semibold [&>span:first-child]:text-cream" />
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {adding ? (
        <NewAddressForm
          regions={regions}
          first={addresses.length === 0}
          onCancel={addresses.length > 0 ? () => setAdding(false) : undefined}
          onSaved={(address) => {
            setAddresses((list) => [...(list ?? []).map((each) => (address.is_default ? { ...each, is_default: false } : each)), address]);
            setAdding(false);
            onSelect(address);
          }}
        />
      ) : (
        <button type="button" onClick={() => setAdding(true)} className="btn-outline self-start">
          {t('addAddress')}
        </button>
      )}
    </div>
  );
}

type NewAddressInput = AddressFormInput & { is_default: boolean };

function NewAddressForm({
  regions,
  first,
  onCancel,
  onSaved,
}: {
  regions: Region[];
  first: boolean;
  onCancel?: () => void;
  onSaved: (address: Address) => void;
}) {
  const t = useTranslations('common.checkout');
  const locale = useLocale();
  const { user, showToast } = useApp();
  const tCommon = useTranslations('common');
  const form = useAccountForm<NewAddressInput, AddressFormOutput & { is_default: boolean }>(
    (tools) => addressSchema(tools, tCommon, locale).extend({ is_default: tools.z.boolean() }),
    {
      ...EMPTY_ADDRESS,
      name: user?.name ?? '',
      phone: localMobile(user?.phone ?? null),
      // A shopper's first address is their default.
      is_default: first,
    },
  );
  const submit = useSubmit(form, async (values) => {
    onSaved(await createAddress(values, locale));
    showToast('success', t('addressSaved'));
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('addAddress')} className="flex flex-col gap-4 rounded-xl border border-line p-4">
      <h3 className="text-base font-semibold text-cream">{t('addAddress')}</h3>
      <AddressFields form={form} regions={regions} />
      <label className="flex items-center gap-2 text-sm text-cream">
        <input type="checkbox" {...form.register('is_default')} className="size-4 accent-gold" />
        {t('makeDefault')}
      </label>
      <div className="flex flex-wrap gap-3">
        <div className="min-w-48 flex-1">
          <SubmitButton busy={form.submitting}>{t('saveAddress')}</SubmitButton>
        </div>
        {onCancel && (
          <button type="button" onClick={onCancel} className="btn-outline h-12">
            {t('cancelAddress')}
          </button>
        )}
      </div>
    </form>
  );
}
