'use client';
/**
 * The profile's address book: the shopper's saved addresses with "Default" on one, each to edit, delete (after a
 * confirmation; orders keep their own copy) or make the default, and a new one to add. The form and the way an
 * address reads are checkout's picker's own (checkout/address-form.tsx).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import type { Address } from '@attar/contract';
import { deleteAddress, getAddresses, getRegions, updateAddress, type Region } from '@/lib/api/checkout';
import { useApp } from '../app/app-provider';
import { AddressForm, SavedAddress } from '../checkout/address-form';
import { withSaved } from '../checkout/saved-addresses';
import { ConfirmDialog, DANGER_BUTTON } from './confirm-dialog';
import { ProfileSection } from './profile-section';

type Editing = { kind: 'new' } | { kind: 'edit'; id: number } | null;

export function AddressBook() {
  const t = useTranslations('common.account.addressBook');
  const locale = useLocale();
  const { handleError } = useApp();
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [regions, setRegions] = useState<Region[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);

  // Read again after a delete: the default may have moved to another address.
  const reload = useCallback(() => getAddresses(locale).then(setAddresses, handleError), [locale, handleError]);
  useEffect(() => {
    void reload();
    getRegions(locale).then(setRegions, handleError);
  }, [locale, reload, handleError]);

  const saved = (address: Address) => {
    setAddresses((list) => withSaved(list ?? [], address));
    setEditing(null);
  };

  return (
    <ProfileSection title={t('title')}>
      {addresses === null ? (
        <p role="status" className="text-mist">
          {t('loading')}
        </p>
      ) : (
        <>
          {addresses.length === 0 && editing?.kind !== 'new' && <p className="text-sm text-mist">{t('empty')}</p>}
          <ul className="grid gap-4 md:grid-cols-2">
            {addresses.map((address) =>
              editing?.kind === 'edit' && editing.id === address.id ? (
                <li key={address.id} className="md:col-span-2">
                  <AddressForm regions={regions} address={address} onCancel={() => setEditing(null)} onSaved={saved} />
                </li>
              ) : (
                <li key={address.id} className="flex flex-col gap-4 rounded-xl border border-line bg-ink p-4">
                  <SavedAddress address={address} />
                  <AddressActions
                    address={address}
                    onEdit={() => setEditing({ kind: 'edit', id: address.id })}
                    onDelete={() => setDeleting(address)}
                    onMadeDefault={saved}
                  />
                </li>
              ),
            )}
          </ul>
          {editing?.kind === 'new' ? (
            <AddressForm regions={regions} first={addresses.length === 0} onCancel={() => setEditing(null)} onSaved={saved} />
          ) : (
            <button type="button" onClick={() => setEditing({ kind: 'new' })} className="btn-outline self-start">
              {t('add')}
            </button>
          )}
        </>
      )}
      {deleting && (
        <DeleteAddressDialog
          address={deleting}
          onDeleted={() => {
            if (editing?.kind === 'edit' && editing.id === deleting.id) setEditing(null);
            return reload();
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </ProfileSection>
  );
}

type AddressActionsProps = { address: Address; onEdit: () => void; onDelete: () => void; onMadeDefault: (address: Address) => void };

function AddressActions({ address, onEdit, onDelete, onMadeDefault }: AddressActionsProps) {
  const t = useTranslations('common.account.addressBook');
  const locale = useLocale();
  const { showToast, handleError } = useApp();
  const [busy, setBusy] = useState(false);

  async function makeDefault() {
    setBusy(true);
    try {
      onMadeDefault(await updateAddress(address.id, { is_default: true }, locale));
      showToast('success', t('defaultChosen'));
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  }

  const named = { street: address.street };
  return (
    <div className="mt-auto flex flex-wrap gap-2">
      <button type="button" onClick={onEdit} aria-label={t('editLabel', named)} className="btn-outline h-10">
        {t('edit')}
      </button>
      {!address.is_default && (
        <button type="button" onClick={makeDefault} disabled={busy} aria-label={t('makeDefaultLabel', named)} className="btn-outline h-10">
          {t('makeDefault')}
        </button>
      )}
      <button type="button" onClick={onDelete} aria-label={t('deleteLabel', named)} className={`${DANGER_BUTTON} h-10`}>
        {t('delete')}
      </button>
    </div>
  );
}

function DeleteAddressDialog({
  address,
  onDeleted,
  onClose,
}: {
  address: Address;
  onDeleted: () => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useTranslations('common.account.addressBook');
  const locale = useLocale();
  const { showToast } = useApp();
  return (
    <ConfirmDialog
      title={t('confirmTitle')}
      confirmLabel={t('confirmDelete')}
      cancelLabel={t('keep')}
      onConfirm={async () => {
        await deleteAddress(address.id, locale);
        showToast('success', t('deleted'));
        await onDeleted();
      }}
      onClose={onClose}
    >
      <SavedAddress address={address} />
      <p className="mt-3">{t('confirmText')}</p>
    </ConfirmDialog>
  );
}
