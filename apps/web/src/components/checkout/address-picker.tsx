'use client';
/**
 * A signed-in shopper's delivery address: one of their saved addresses (the one chosen before a reload, else the
 * default, chosen first), or a new one, saved to their account (`POST /api/addresses/`) and chosen at once. A saved
 * one can be edited on the way (chosen once saved). The form is the address book's (address-form.tsx).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import type { Address } from '@attar/contract';
import { getAddresses, type Region } from '@/lib/api/checkout';
import { useApp } from '../app/app-provider';
import { AddressForm, SavedAddress } from './address-form';
import { withSaved } from './saved-addresses';

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
  const [editing, setEditing] = useState<number | null>(null);
  const tBook = useTranslations('common.account.addressBook');
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
          {addresses.map((address) =>
            editing === address.id ? (
              <AddressForm
                key={address.id}
                regions={regions}
                address={address}
                onCancel={() => setEditing(null)}
                onSaved={(saved) => {
                  setAddresses((list) => withSaved(list ?? [], saved));
                  setEditing(null);
                  onSelect(saved);
                }}
              />
            ) : (
              <div key={address.id} className="flex gap-3 rounded-xl border border-line bg-ink p-4 has-checked:border-gold">
                <label className="flex flex-1 cursor-pointer gap-3">
                  <input
                    type="radio"
                    name={groupName}
                    checked={selected?.id === address.id}
                    onChange={() => onSelect(address)}
                    className="mt-1 size-4 accent-gold"
                  />
                  <SavedAddress address={address} />
                </label>
                <button
                  type="button"
                  onClick={() => setEditing(address.id)}
                  aria-label={tBook('editLabel', { street: address.street })}
                  className="self-start text-sm text-gold underline-offset-4 hover:underline"
                >
                  {tBook('edit')}
                </button>
              </div>
            ),
          )}
        </fieldset>
      )}
      {adding ? (
        <AddressForm
          regions={regions}
          first={addresses.length === 0}
          onCancel={addresses.length > 0 ? () => setAdding(false) : undefined}
          onSaved={(address) => {
            setAddresses((list) => withSaved(list ?? [], address));
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
