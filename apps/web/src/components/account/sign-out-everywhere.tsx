'use client';
/** "Sign out of all devices": every token of the shopper is revoked, this browser's too, which then signs out. */
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { logOutEverywhere } from '@/lib/api/self-service';
import { useApp } from '../app/app-provider';
import { ProfileSection } from './profile-section';

export function SignOutEverywhere() {
  const t = useTranslations('common.account.signOutEverywhere');
  const locale = useLocale();
  const { logout, showToast, handleError } = useApp();
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    try {
      await logOutEverywhere(locale);
      logout();
      showToast('success', t('done'));
    } catch (error) {
      handleError(error);
      setBusy(false);
    }
  }

  return (
    <ProfileSection title={t('title')} level={3}>
      <p className="text-sm text-mist">{t('text')}</p>
      <button type="button" onClick={signOut} disabled={busy} className="btn-outline self-start disabled:opacity-60">
        {t('button')}
      </button>
    </ProfileSection>
  );
}
